/**
 * The mail servers (both kinds) are lists of the resource engine now: their totals are kept in
 * `list_counts` and their changes raise `list_version`, as for the lists of migrations 0024 and 0026.
 */
import { sql, type Kysely } from 'kysely';

const TABLES = ['mailservers', 'mailincomingservers'];

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const t = (name: string) => sql.id(schema, name);
  const count = t('list_counts_apply');
  const version = t('list_version_raise');
  for (const table of TABLES) {
    await sql`insert into ${t('list_counts')} (table_name, n) select ${table}, count(*) from ${t(table)}`.execute(db);
    await sql`create trigger ${sql.id(`${table}_count_insert`)} after insert on ${t(table)} referencing new table as new_rows for each statement execute function ${count}()`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_count_delete`)} after delete on ${t(table)} referencing old table as old_rows for each statement execute function ${count}()`.execute(
      db,
    );
    await sql`create constraint trigger ${sql.id(`${table}_list_version`)} after insert or update or delete on ${t(table)} deferrable initially deferred for each row execute function ${version}()`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_list_version_truncate`)} after truncate on ${t(table)} for each statement execute function ${version}()`.execute(
      db,
    );
  }
}
