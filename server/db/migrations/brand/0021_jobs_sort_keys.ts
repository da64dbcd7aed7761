/**
 * The job sheet's sorts by client, site, property manager and department read a lower-cased copy
 * of the name on the job itself, each with an index. Joining the named table to sort made a sort by
 * client over 100,000 jobs hash all of them (~90 ms a page), and a free-text search look each
 * match's name up one by one. The copies are kept by the same triggers as `jobs.search`
 * (migration 0007): filled on every insert and update of a job, refreshed when a name changes.
 */
import { sql, type Kysely } from 'kysely';

const SORT_KEY_COLUMNS = ['co_name_key', 'js_address_key', 'pm_name_key', 'de_name_key'] as const;

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const t = (name: string) => sql.id(schema, name);
  await sql`alter table ${t('jobs')} ${sql.join(SORT_KEY_COLUMNS.map((c) => sql`add column ${sql.id(c)} text`))}`.execute(db);

  await sql`
    create or replace function ${t('jobs_fill_search')}() returns trigger language plpgsql as $$
    declare
      client text;
      site ${t('jobsites')};
      manager text;
    begin
      client := (select c.co_name from ${t('contacts')} c where c.co_id = new.co_id);
      select * into site from ${t('jobsites')} s where s.js_id = new.js_id;
      manager := (select p.pm_name from ${t('propertymanagers')} p where p.pm_id = new.pm_id);
      new.search := lower(concat_ws(' ', new.job_number, new.job_wopo, new.job_desc, client, concat_ws(' ', site.js_address, site.js_postcode), manager));
      new.co_name_key := lower(client);
      new.js_address_key := lower(site.js_address);
      new.pm_name_key := lower(manager);
      new.de_name_key := (select lower(d.de_name) from ${t('departments')} d where d.de_id = new.de_id);
      return new;
    end $$`.execute(db);
  // The department is now part of what the trigger fills, so a change of department refills it too.
  await sql`drop trigger jobs_fill_search on ${t('jobs')}`.execute(db);
  await sql`
    create trigger jobs_fill_search before insert or update of job_number, job_wopo, job_desc, co_id, js_id, pm_id, de_id, search
    on ${t('jobs')} for each row execute function ${t('jobs_fill_search')}()`.execute(db);
  await sql`
    create function ${t('jobs_search_after_departments')}() returns trigger language plpgsql as $$
    begin
      update ${t('jobs')} set search = '' where de_id = new.de_id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger jobs_search_after_departments after update of de_name on ${t('departments')}
    for each row when (old.de_name is distinct from new.de_name) execute function ${t('jobs_search_after_departments')}()`.execute(db);

  await sql`update ${t('jobs')} set search = ''`.execute(db);
  // (key, job_id): the sheet breaks ties by job id, so an index walk gives a page in order either way.
  for (const column of SORT_KEY_COLUMNS) await sql`create index ${sql.id(`jobs_${column}_idx`)} on ${t('jobs')} (${sql.id(column)}, job_id)`.execute(db);
}
