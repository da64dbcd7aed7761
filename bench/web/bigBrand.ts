/** Grows the demo brand of a stopped bench server's data folder to `n` jobs, contacts, sites and mails. */
import { openDemoDatabase } from '../demoDatabase';
import { fillDemoMailbox } from '../mailSearch';
import { brandDb } from '../../server/db/types';
import { mailDb } from '../../server/mail/tables';
import { seedReferenceBulk } from '../../server/seed/bulkReference';
import { seedJobsBulk } from '../../server/seed/jobsBulk';

export async function growDemoBrand(dataDir: string, n: number): Promise<void> {
  const { database, schema } = await openDemoDatabase(dataDir, { keep: true });
  try {
    const started = Date.now();
    await seedReferenceBulk(database.db, schema, n);
    await seedJobsBulk(database.db, schema, n);
    await fillDemoMailbox(mailDb(brandDb(database.db, schema)), schema, n);
    console.log(`\nthe demo brand grown by ${n} contacts, sites, jobs and mails in ${Date.now() - started} ms`);
  } finally {
    await database.close();
  }
}
