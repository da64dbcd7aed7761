/**
 * `list_counts`: the number of rows of each table the generic lists serve, kept by statement
 * triggers, so an unfiltered list's total (opening the contacts list) reads one row instead of
 * counting every row of the brand (docs/PERFORMANCE.md). A statement that adds or removes no row
 * touches nothing here. The triggers, and each table's first count, are installed on the tables
 * server/lists/listTables.ts names, after the migrations (server/lists/listTriggers.ts).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const t = (name: string) => sql.id(schema, name);
  await sql`create table ${t('list_counts')} (table_name text primary key, n bigint not null)`.execute(db);
  await sql`
    create function ${t('list_counts_apply')}() returns trigger language plpgsql as $$
    declare
      delta bigint;
    begin
      if tg_op = 'INSERT' then
        delta := (select count(*) from new_rows);
      else
        delta := -(select count(*) from old_rows);
      end if;
      if delta <> 0 then
        update ${t('list_counts')} set n = n + delta where table_name = tg_table_name;
      end if;
      return null;
    end $$`.execute(db);
}
