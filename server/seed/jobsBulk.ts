/**
 * Volume jobs for the bench: N jobs in one brand schema, generated inside PostgreSQL
 * (generate_series), spread over the first departments, all contacts and sites, every status,
 * two years of dates, tags, assigned users on a quarter of them. The search column is filled by
 * the jobs trigger (migration 0007) as for any other insert.
 */
import { sql } from 'kysely';
import { JOB_STATUSES, JOB_TAGS } from '../../core/enums';
import type { RootDb } from '../db/types';

const DESCRIPTIONS = [
  'Leaking radiator valve',
  'No hot water',
  'Replace cracked roof tiles',
  'Blocked kitchen drain',
  'Fuse board trips',
  'Annual gas safety check',
  'Install outside tap',
  'Gutter clearance',
  'Replace extractor fan',
  'Damp patch on ceiling',
  'Fit new door lock',
  'Repaint hallway',
];

const arr = (list: readonly string[]) => sql`${sql.val(list)}::text[]`;

export interface JobsBulkOptions {
  /** Jobs spread over this many departments (the lowest ids). */
  departments?: number;
}

export async function seedJobsBulk(root: RootDb, schema: string, n: number, opts: JobsBulkOptions = {}): Promise<void> {
  const t = (name: string) => sql.id(schema, name);
  const deps = opts.departments ?? 20;
  await sql`
    with d as (select array_agg(de_id order by de_id) as ids from (select de_id from ${t('departments')} order by de_id limit ${deps}) x),
         c as (select array_agg(co_id order by co_id) as ids from ${t('contacts')}),
         s as (select array_agg(js_id order by js_id) as ids from ${t('jobsites')}),
         p as (select array_agg(pm_id order by pm_id) as ids from ${t('propertymanagers')})
    insert into ${t('jobs')} (job_number, de_id, co_id, js_id, pm_id, job_status, job_wopo, job_desc, job_start, job_end, job_tags, net_quote, net_sales, created_at)
    select 'BJ-' || lpad(i::text, 7, '0'),
           d.ids[1 + i % cardinality(d.ids)],
           c.ids[1 + (i::bigint * 7919) % cardinality(c.ids)],
           s.ids[1 + (i::bigint * 104729) % cardinality(s.ids)],
           p.ids[1 + i % cardinality(p.ids)],
           (${arr(JOB_STATUSES)})[1 + (i / 3) % ${sql.lit(JOB_STATUSES.length)}],
           case when i % 3 = 0 then 'PO-' || (100000 + i) end,
           (${arr(DESCRIPTIONS)})[1 + i % ${sql.lit(DESCRIPTIONS.length)}] || ' #' || i,
           case when i % 10 <> 0 then timestamptz '2026-01-01 08:00:00+00' + (i % 730) * interval '1 day' + (i % 9) * interval '1 hour' end,
           case when i % 10 <> 0 then timestamptz '2026-01-01 12:00:00+00' + (i % 730) * interval '1 day' + (i % 9) * interval '1 hour' end,
           case when i % 5 = 0 then array[(${arr(JOB_TAGS)})[1 + i % ${sql.lit(JOB_TAGS.length)}]] else '{}'::text[] end,
           ((i * 37) % 500000) / 100.0, ((i * 53) % 400000) / 100.0,
           timestamptz '2025-01-01 00:00:00+00' + i * interval '5 minutes'
    from generate_series(1, ${n}) as i, d, c, s, p`.execute(root);
  // A quarter of the jobs have an assigned staff user.
  await sql`
    with u as (select array_agg(us_id order by us_id) as ids from (select us_id from ${t('users')} where role in ('Operator', 'BemAccount', 'Procurement') order by us_id limit 200) x)
    insert into ${t('job_assigned_users')} (job_id, us_id)
    select j.job_id, u.ids[1 + j.job_id % cardinality(u.ids)] from ${t('jobs')} j, u where j.job_number like 'BJ-%' and j.job_id % 4 = 0`.execute(root);
  for (const table of ['jobs', 'job_assigned_users']) await sql`vacuum analyze ${t(table)}`.execute(root);
}
