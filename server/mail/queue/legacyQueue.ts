/**
 * A data folder from before the move to pg-boss 12 holds pg-boss 10's queue (schema version 24).
 * pg-boss 12 migrates only from version 25 on: pg-boss 11 rebuilt the job tables without a path
 * from 10. So the old schema is set aside before pg-boss starts, and once pg-boss 12 has built its
 * own, the jobs the old one still had to run are sent again (same queue, data and singleton key)
 * and the old schema is dropped. Both steps are safe to repeat: a process stopped between them
 * finds the set-aside schema at its next start and finishes the carry-over.
 */
import { sql } from 'kysely';
import type { RootDb } from '../../db/types';

/** The first pg-boss schema version pg-boss 12 can migrate from. */
const OLDEST_MIGRATABLE = 25;

export const legacySchemaName = (schema: string) => `${schema}_v10`;

async function schemaExists(db: RootDb, schema: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select exists(select 1 from pg_namespace where nspname = ${schema}) as found`.execute(db);
  return rows[0].found;
}

/** Renames a pg-boss schema older than pg-boss 12 can migrate; answers the set-aside schema when there is one to carry over. */
export async function setLegacyQueueAside(root: RootDb, schema: string): Promise<string | null> {
  const aside = legacySchemaName(schema);
  return root.transaction().execute(async (trx) => {
    // Processes starting together: one renames, the others then see the renamed schema.
    await sql`select pg_advisory_xact_lock(hashtext(${`pg-boss legacy ${schema}`}))`.execute(trx);
    const { rows } = await sql<{ table: string | null }>`select to_regclass(${`${schema}.version`})::text as "table"`.execute(trx);
    if (rows[0].table) {
      const version = await sql<{ version: number }>`select version from ${sql.id(schema, 'version')}`.execute(trx);
      if (Number(version.rows[0]?.version) < OLDEST_MIGRATABLE) {
        if (await schemaExists(trx, aside)) throw new Error(`Both ${schema} (pg-boss 10) and ${aside} exist; drop one of them by hand.`);
        await sql`alter schema ${sql.id(schema)} rename to ${sql.id(aside)}`.execute(trx);
      }
    }
    return (await schemaExists(trx, aside)) ? aside : null;
  });
}

export interface LegacyJob {
  name: string;
  data: unknown;
  singletonKey: string | null;
}

/** Sends again every job the set-aside schema had not finished (queued, waiting for a retry or running), then drops it. */
export async function carryOverLegacyJobs(root: RootDb, aside: string, send: (job: LegacyJob) => Promise<unknown>): Promise<number> {
  const { rows } = await sql<{ name: string; data: unknown; singleton_key: string | null }>`
    select name, data, singleton_key from ${sql.id(aside, 'job')}
    where state::text in ('created', 'retry', 'active') order by created_on, id`.execute(root);
  for (const row of rows) await send({ name: row.name, data: row.data, singletonKey: row.singleton_key });
  await sql`drop schema ${sql.id(aside)} cascade`.execute(root);
  return rows.length;
}
