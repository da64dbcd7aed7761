/**
 * Installs the count and version triggers of every table listTables.ts names, in each brand schema
 * that lacks one, after that schema's migrations (migrate.ts: at brand creation and at every start).
 * Migrations 0024 and 0026 made `list_counts`, `list_version` and the trigger functions; which
 * tables carry the triggers follows the lists of this version, so a data folder made before a
 * resource existed gains its triggers (and its kept count) at the next start.
 *
 * Which triggers exist is read for all schemas in one statement, so a start over many up-to-date
 * brands costs one catalog query. A table is counted in the same transaction that creates its count
 * triggers: creating a trigger locks out writes to the table until commit, so the count is exact.
 */
import { sql, type Kysely } from 'kysely';
import { countedTables, versionedTables } from './listTables';

const countTriggers = (table: string) => [`${table}_count_insert`, `${table}_count_delete`];
const versionTriggers = (table: string) => [`${table}_list_version`, `${table}_list_version_truncate`];

/** Per schema, the tables whose count triggers and whose version triggers are not all there. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function missingTriggers(db: Kysely<any>, schemas: readonly string[]) {
  const counted = countedTables();
  const versioned = versionedTables();
  const { rows } = await sql<{ schema: string; table: string; name: string }>`
    select n.nspname as schema, c.relname as table, t.tgname as name
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(${schemas}) and not t.tgisinternal
      and c.relname = any(${unique([...counted, ...versioned])})`.execute(db);
  const present = new Set(rows.map((r) => `${r.schema}.${r.table}.${r.name}`));
  const lacks = (schema: string, table: string, names: string[]) => names.some((name) => !present.has(`${schema}.${table}.${name}`));
  const missing = new Map<string, { counted: string[]; versioned: string[] }>();
  for (const schema of schemas) {
    const m = { counted: counted.filter((t) => lacks(schema, t, countTriggers(t))), versioned: versioned.filter((t) => lacks(schema, t, versionTriggers(t))) };
    if (m.counted.length || m.versioned.length) missing.set(schema, m);
  }
  return missing;
}

const unique = (names: string[]) => [...new Set(names)];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function install(db: Kysely<any>, schema: string, counted: string[], versioned: string[]) {
  const t = (name: string) => sql.id(schema, name);
  await db.transaction().execute(async (trx) => {
    // The lock the schema's migrations take: two processes starting together take turns.
    await sql`select pg_advisory_xact_lock(hashtext(${`migrate ${schema}`}))`.execute(trx);
    for (const table of counted) {
      const [onInsert, onDelete] = countTriggers(table);
      const fn = t('list_counts_apply');
      await sql`drop trigger if exists ${sql.id(onInsert)} on ${t(table)}`.execute(trx);
      await sql`drop trigger if exists ${sql.id(onDelete)} on ${t(table)}`.execute(trx);
      await sql`create trigger ${sql.id(onInsert)} after insert on ${t(table)} referencing new table as new_rows for each statement execute function ${fn}()`.execute(
        trx,
      );
      await sql`create trigger ${sql.id(onDelete)} after delete on ${t(table)} referencing old table as old_rows for each statement execute function ${fn}()`.execute(
        trx,
      );
      await sql`insert into ${t('list_counts')} (table_name, n) select ${table}, count(*) from ${t(table)}
        on conflict (table_name) do update set n = excluded.n`.execute(trx);
    }
    for (const table of versioned) {
      const [onRow, onTruncate] = versionTriggers(table);
      const fn = t('list_version_raise');
      await sql`drop trigger if exists ${sql.id(onRow)} on ${t(table)}`.execute(trx);
      await sql`drop trigger if exists ${sql.id(onTruncate)} on ${t(table)}`.execute(trx);
      // At commit (deferred), once per transaction: see migration 0026.
      await sql`create constraint trigger ${sql.id(onRow)} after insert or update or delete on ${t(table)} deferrable initially deferred for each row execute function ${fn}()`.execute(
        trx,
      );
      // TRUNCATE has no row and no constraint trigger: it raises the version as it runs.
      await sql`create trigger ${sql.id(onTruncate)} after truncate on ${t(table)} for each statement execute function ${fn}()`.execute(trx);
    }
  });
}

/** Gives every schema among `schemas` the list triggers it lacks; answers the schemas that lacked some. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function installListTriggers(db: Kysely<any>, schemas: readonly string[]): Promise<string[]> {
  if (!schemas.length) return [];
  const missing = await missingTriggers(db, schemas);
  for (const [schema, m] of missing) await install(db, schema, m.counted, m.versioned);
  return [...missing.keys()];
}
