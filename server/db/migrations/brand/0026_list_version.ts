/**
 * `list_version`: one number per brand that grows with every committed change to the tables a list
 * count reads (the generic lists, their link tables, the job sheet's). A search keeps the total it
 * counted with the version it was counted at (server/lists/knownTotals.ts); while the version
 * is the same, the total still holds, and the next page of that search can walk the sort index.
 *
 * The version is raised by a deferred constraint trigger, so at commit: its row lock is held for
 * the commit only, and two transactions writing these tables in different orders cannot deadlock
 * on it (a version per table, raised as each statement ends, could). The first row of a
 * transaction raises it; the transaction-local setting makes the others return at once. The
 * triggers are installed on the tables server/lists/listTables.ts names, after the migrations
 * (server/lists/listTriggers.ts).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const t = (name: string) => sql.id(schema, name);
  const setting = sql.lit(`list_version.${schema}`);
  await sql`create table ${t('list_version')} (one boolean primary key default true check (one), version bigint not null)`.execute(db);
  await sql`insert into ${t('list_version')} (version) values (0)`.execute(db);
  await sql`
    create function ${t('list_version_raise')}() returns trigger language plpgsql as $$
    begin
      if current_setting(${setting}, true) is distinct from 'raised' then
        update ${t('list_version')} set version = version + 1;
        perform set_config(${setting}, 'raised', true);
      end if;
      return null;
    end $$`.execute(db);
}
