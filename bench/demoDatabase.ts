/** Opens a bench data folder (emptied first unless `keep`), migrated and seeded, with the demo brand's schema. */
import { rmSync } from 'node:fs';
import { connectDatabase, type Database } from '../server/db/connect';
import { migrateAll } from '../server/db/migrations/migrate';
import { globalDb } from '../server/db/types';
import { seedIfEmpty } from '../server/seed/seed';

export async function openDemoDatabase(dataDir: string, opts: { keep?: boolean } = {}): Promise<{ database: Database; schema: string }> {
  if (!opts.keep) rmSync(dataDir, { recursive: true, force: true });
  const database = await connectDatabase({ dataDir });
  try {
    await migrateAll(database.db);
    await seedIfEmpty(database.db);
    // The Host picks the brand: localhost is the demo brand.
    const demo = await globalDb(database.db)
      .selectFrom('domains as d')
      .innerJoin('sites as s', 's.s_id', 'd.s_id')
      .select('s.schema_name')
      .where('d.d_name', '=', 'localhost')
      .executeTakeFirstOrThrow();
    return { database, schema: demo.schema_name! };
  } catch (err) {
    await database.close();
    throw err;
  }
}
