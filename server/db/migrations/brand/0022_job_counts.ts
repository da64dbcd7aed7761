/**
 * `job_counts`: how many jobs each department has in each status, numbered and drafts apart, kept by
 * statement triggers on `jobs`. The job sheet's total for the views with no filter or only status
 * and department filters (opening the sheet, a status tab) reads a few of these rows instead of
 * counting up to every job of the brand (docs/PERFORMANCE.md).
 *
 * Only a statement that changes a count touches its row (a rename of a client's name refreshes its
 * jobs' search text without locking anything here), and rows are taken in key order.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const t = (name: string) => sql.id(schema, name);
  await sql`
    create table ${t('job_counts')} (
      de_id integer not null references ${t('departments')} (de_id) on delete cascade,
      job_status text not null,
      numbered boolean not null,
      n bigint not null,
      primary key (de_id, job_status, numbered)
    )`.execute(db);

  const change = (rows: string, sign: string) =>
    sql`select de_id, job_status, job_number is not null as numbered, ${sql.raw(sign)}1 as d from ${sql.raw(rows)}`;
  const apply = (changes: ReturnType<typeof sql>) => sql`
    insert into ${t('job_counts')} as c (de_id, job_status, numbered, n)
    select de_id, job_status, numbered, sum(d) from (${changes}) x
    group by de_id, job_status, numbered having sum(d) <> 0 order by de_id, job_status, numbered
    on conflict (de_id, job_status, numbered) do update set n = c.n + excluded.n`;
  await sql`
    create function ${t('job_counts_apply')}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${apply(change('new_rows', '+'))};
      elsif tg_op = 'DELETE' then
        ${apply(change('old_rows', '-'))};
      else
        ${apply(sql`${change('new_rows', '+')} union all ${change('old_rows', '-')}`)};
      end if;
      return null;
    end $$`.execute(db);
  const jobs = t('jobs');
  const fn = t('job_counts_apply');
  await sql`create trigger job_counts_insert after insert on ${jobs} referencing new table as new_rows for each statement execute function ${fn}()`.execute(db);
  await sql`create trigger job_counts_update after update on ${jobs} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`.execute(
    db,
  );
  await sql`create trigger job_counts_delete after delete on ${jobs} referencing old table as old_rows for each statement execute function ${fn}()`.execute(db);

  await sql`
    insert into ${t('job_counts')} (de_id, job_status, numbered, n)
    select de_id, job_status, job_number is not null, count(*) from ${jobs} group by 1, 2, 3`.execute(db);
}
