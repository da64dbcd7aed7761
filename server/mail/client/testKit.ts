/** Test helpers of the mail client: a brand with the demo mailbox and a job, and calls as a user. */
import { sql } from 'kysely';
import { allFeatures, type BrandFeatures } from '../../../core/brand/types';
import { brandDb, type RootDb } from '../../db/types';
import { createDemoMail } from '../../seed/mail';
import { call, createTestBrand, login, type TestContext } from '../../test/helpers';
import { mailDb } from '../tables';

/**
 * `firstMailId` starts the brand's mail ids there instead of at 1 (ids are per schema, so two
 * brands made alike have the same ids): a test can then hold an id that only this brand has.
 */
export async function mailBrand(root: RootDb, features: BrandFeatures = allFeatures(true), opts: { firstMailId?: number } = {}) {
  const brand = await createTestBrand(root, features);
  const db = mailDb(brandDb(root, brand.schema));
  if (opts.firstMailId) await sql`select setval(pg_get_serial_sequence(${`${brand.schema}.mails`}, 'ma_id'), ${opts.firstMailId}, false)`.execute(db);
  const de = await sql<{
    de_id: number;
  }>`insert into ${sql.id(brand.schema, 'departments')} (de_name, de_prefix) values ('Test', 'TST') returning de_id`.execute(db);
  const job = await db
    .insertInto('jobs')
    .values({ de_id: de.rows[0].de_id, job_number: 'TST-0001' } as never)
    .returning('job_id')
    .executeTakeFirstOrThrow();
  await createDemoMail(root, brand.schema);
  const account = await db.selectFrom('mailaccounts').select('mailaccount_id').executeTakeFirstOrThrow();
  return { ...brand, db, jobId: job.job_id, accountId: account.mailaccount_id };
}

export function mailCalls(t: TestContext) {
  return async (host: string, email = 'operator@demo.test') => {
    const cookie = await login(t.app, host, email);
    return (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => call(t.app, { method, url: `/api/${url}`, cookie, body, host });
  };
}
