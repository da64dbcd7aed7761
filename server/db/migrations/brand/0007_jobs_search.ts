/**
 * Keeps `jobs.search` (the job sheet's free text: number, WO/PO, description, client name, site
 * address and postcode, property manager name, lower-cased) right in the database itself: a
 * trigger fills it on every insert and update of a job, and renaming a client, a site or a manager
 * refreshes the jobs that name it. So no writer (routes, seed, bench bulk inserts, another area's
 * rename) can leave the trigram-indexed column stale.
 *
 * Also two partial indexes of the numbered jobs (the sheet leaves drafts out) by status and
 * department, so the sheet's total for those filters is an index-only count.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const t = (name: string) => sql.id(schema, name);
  const fn = (name: string) => sql.id(schema, name);
  await sql`
    create function ${fn('jobs_fill_search')}() returns trigger language plpgsql as $$
    begin
      new.search := lower(concat_ws(' ',
        new.job_number, new.job_wopo, new.job_desc,
        (select c.co_name from ${t('contacts')} c where c.co_id = new.co_id),
        (select concat_ws(' ', s.js_address, s.js_postcode) from ${t('jobsites')} s where s.js_id = new.js_id),
        (select p.pm_name from ${t('propertymanagers')} p where p.pm_id = new.pm_id)));
      return new;
    end $$`.execute(db);
  await sql`
    create trigger jobs_fill_search before insert or update of job_number, job_wopo, job_desc, co_id, js_id, pm_id, search
    on ${t('jobs')} for each row execute function ${fn('jobs_fill_search')}()`.execute(db);

  // A rename touches the jobs that name the record; the trigger above recomputes their text.
  const refresh = async (table: string, id: string, columns: string) => {
    const name = `jobs_search_after_${table}`;
    await sql`
      create function ${fn(name)}() returns trigger language plpgsql as $$
      begin
        update ${t('jobs')} set search = '' where ${sql.id(id)} = new.${sql.id(id)};
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.id(name)} after update of ${sql.raw(columns)} on ${t(table)}
      for each row when (${sql.raw(
        columns
          .split(', ')
          .map((c) => `old.${c} is distinct from new.${c}`)
          .join(' or '),
      )})
      execute function ${fn(name)}()`.execute(db);
  };
  await refresh('contacts', 'co_id', 'co_name');
  await refresh('jobsites', 'js_id', 'js_address, js_postcode');
  await refresh('propertymanagers', 'pm_id', 'pm_name');

  await sql`create index jobs_numbered_status_de_idx on ${t('jobs')} (job_status, de_id) where job_number is not null`.execute(db);
  await sql`create index jobs_numbered_de_status_idx on ${t('jobs')} (de_id, job_status) where job_number is not null`.execute(db);
}
