/**
 * Jobs (SPEC.md point 3): the job with its people, sales sections and rows, costs, the per-department
 * number counter, the change history, notifications and engineer reports.
 *
 * Job numbers come from `job_number_counters` (one row per department, bumped with
 * `update ... returning`), so two saves at the same moment queue on the row lock and never share a
 * number; the unique index on `job_number` is the last line of defence. Money is `numeric(14,2)`:
 * the server computes in integer minor units and PostgreSQL stores exact decimals.
 */
import { sql, type Kysely } from 'kysely';
import { trigramIndex } from './0001_init';

const money = sql`numeric(14,2)`;

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);

  await s
    .createTable('job_number_counters')
    .addColumn('de_id', 'integer', (c) => c.primaryKey().references('departments.de_id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('jobs')
    .addColumn('job_id', 'serial', (c) => c.primaryKey())
    .addColumn('job_number', 'text', (c) => c.unique())
    .addColumn('de_id', 'integer', (c) => c.notNull().references('departments.de_id').onDelete('restrict'))
    .addColumn('co_id', 'integer', (c) => c.references('contacts.co_id').onDelete('restrict'))
    .addColumn('js_id', 'integer', (c) => c.references('jobsites.js_id').onDelete('restrict'))
    .addColumn('pm_id', 'integer', (c) => c.references('propertymanagers.pm_id').onDelete('restrict'))
    .addColumn('jsc_id', 'integer', (c) => c.references('jobsitecontacts.jsc_id').onDelete('restrict'))
    .addColumn('job_status', 'text', (c) => c.notNull().defaultTo('QUOTED'))
    .addColumn('job_wopo', 'text')
    .addColumn('job_desc', 'text')
    .addColumn('job_details', 'text')
    .addColumn('job_start', 'timestamptz')
    .addColumn('job_end', 'timestamptz')
    .addColumn('job_tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('job_has_remedial', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('skip_remedial_check', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('net_quote', money, (c) => c.notNull().defaultTo(0))
    .addColumn('net_sales', money, (c) => c.notNull().defaultTo(0))
    .addColumn('customer_us_id', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Names of the linked client, site and manager, kept by the server on save, so free text is one
    // trigram-indexed LIKE instead of joins that no index can serve.
    .addColumn('search', 'text', (c) => c.notNull().defaultTo(''))
    .addCheckConstraint('jobs_end_after_start', sql`job_end is null or job_start is null or job_end >= job_start`)
    .execute();
  await trigramIndex(db, schema, 'jobs', 'search');
  await s.createIndex('jobs_number_sort_idx').on('jobs').columns(['job_number', 'job_id']).execute();
  await s.createIndex('jobs_status_idx').on('jobs').columns(['job_status', 'job_id']).execute();
  await s.createIndex('jobs_de_id_idx').on('jobs').columns(['de_id', 'job_start']).execute();
  await s.createIndex('jobs_co_id_idx').on('jobs').columns(['co_id', 'job_id']).execute();
  await s.createIndex('jobs_js_id_idx').on('jobs').columns(['js_id', 'job_id']).execute();
  await s.createIndex('jobs_pm_id_idx').on('jobs').columns(['pm_id', 'job_id']).execute();
  await s.createIndex('jobs_customer_idx').on('jobs').columns(['customer_us_id', 'job_id']).execute();
  await s.createIndex('jobs_created_idx').on('jobs').columns(['created_at', 'job_id']).execute();
  await s.createIndex('jobs_start_idx').on('jobs').columns(['job_start', 'job_id']).execute();
  await sql`create index jobs_tags_idx on ${sql.id(schema, 'jobs')} using gin (job_tags)`.execute(db);

  const people = async (table: string, ref: string, target: string, lead: boolean) => {
    let t = s
      .createTable(table)
      .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
      .addColumn(ref, 'integer', (c) => c.notNull().references(target).onDelete('restrict'));
    if (lead) t = t.addColumn('is_lead', 'boolean', (c) => c.notNull().defaultTo(false));
    await t.addPrimaryKeyConstraint(`${table}_pk`, ['job_id', ref]).execute();
    await s.createIndex(`${table}_${ref}_idx`).on(table).columns([ref, 'job_id']).execute();
  };
  await people('job_engineers', 'us_id', 'users.us_id', true);
  await people('job_assigned_users', 'us_id', 'users.us_id', false);
  await people('job_suppliers', 'co_id', 'contacts.co_id', false);
  // At most one lead engineer per job, whatever the writer.
  await sql`create unique index job_engineers_one_lead on ${sql.id(schema, 'job_engineers')} (job_id) where is_lead`.execute(db);

  // An engineer's costs on a job are locked or not (engineerlockedstatus).
  await s
    .createTable('job_engineer_locks')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('changed_by', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('job_engineer_locks_pk', ['job_id', 'us_id'])
    .execute();

  await s
    .createTable('job_sales_sections')
    .addColumn('jss_id', 'serial', (c) => c.primaryKey())
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
    .addColumn('jss_title', 'text')
    .addColumn('jss_invoice_type', 'text', (c) => c.notNull().defaultTo('QUOTE'))
    .addColumn('jss_calc_with', 'text')
    .addColumn('jss_due_date', 'timestamptz')
    .addColumn('jss_expiry_days', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('jss_ordering', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('jss_is_final', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('jss_costs_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('xero_invoice_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('job_sales_sections_job_idx').on('job_sales_sections').columns(['job_id', 'jss_ordering']).execute();

  // Rows of a section: sales_kind is one of quote, invoice, cost, sales, purchase.
  await s
    .createTable('job_sales_items')
    .addColumn('sales_id', 'serial', (c) => c.primaryKey())
    .addColumn('jss_id', 'integer', (c) => c.notNull().references('job_sales_sections.jss_id').onDelete('cascade'))
    .addColumn('sales_kind', 'text', (c) => c.notNull())
    .addColumn('ordering', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('item_code', 'text')
    .addColumn('description', 'text')
    .addColumn('qty', sql`numeric(14,3)`, (c) => c.notNull().defaultTo(1))
    .addColumn('net_unit_cost', money, (c) => c.notNull().defaultTo(0))
    .addColumn('net_unit_sales', money, (c) => c.notNull().defaultTo(0))
    .addColumn('tax_rate', sql`numeric(5,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('net_amount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('job_sales_items_section_idx').on('job_sales_items').columns(['jss_id', 'ordering']).execute();

  await s
    .createTable('job_costs')
    .addColumn('jc_id', 'serial', (c) => c.primaryKey())
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
    .addColumn('jss_id', 'integer', (c) => c.references('job_sales_sections.jss_id').onDelete('set null'))
    .addColumn('co_id', 'integer', (c) => c.references('contacts.co_id').onDelete('restrict'))
    .addColumn('us_id', 'integer', (c) => c.references('users.us_id').onDelete('restrict'))
    .addColumn('jc_item', 'text')
    .addColumn('jc_desc_operator', 'text')
    .addColumn('jc_desc_engineer', 'text')
    .addColumn('jc_qty_operator', sql`numeric(14,3)`)
    .addColumn('jc_qty_engineer', sql`numeric(14,3)`)
    .addColumn('jc_net_price_operator', money)
    .addColumn('jc_net_price_engineer', money)
    .addColumn('jc_net_unit_sales', money)
    .addColumn('jc_paid_amount', money)
    .addColumn('jc_material_eta', 'timestamptz')
    .addColumn('jc_vat', sql`numeric(5,2)`)
    .addColumn('jc_cost_type', 'text')
    .addColumn('jc_material_type', 'text')
    .addColumn('jc_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A cost belongs to a supplier or to an engineer, never both and never neither.
    .addCheckConstraint('job_costs_owner', sql`(co_id is null) <> (us_id is null)`)
    .execute();
  await s.createIndex('job_costs_job_idx').on('job_costs').columns(['job_id', 'jc_id']).execute();
  await s.createIndex('job_costs_engineer_idx').on('job_costs').columns(['us_id', 'job_id']).execute();
  await s.createIndex('job_costs_eta_idx').on('job_costs').columns(['jc_material_eta']).execute();

  // Who changed what and when, for the job's history panel (entity: job, sales, cost).
  await s
    .createTable('job_history')
    .addColumn('jh_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
    .addColumn('us_id', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('jh_entity', 'text', (c) => c.notNull())
    .addColumn('jh_entity_id', 'integer')
    .addColumn('jh_action', 'text', (c) => c.notNull())
    .addColumn('jh_changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('job_history_job_idx').on('job_history').columns(['job_id', 'jh_id']).execute();

  await s
    .createTable('notifications')
    .addColumn('notif_id', 'serial', (c) => c.primaryKey())
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('notif_type', 'text', (c) => c.notNull())
    .addColumn('job_id', 'integer', (c) => c.references('jobs.job_id').onDelete('cascade'))
    .addColumn('notif_params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_flagged', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_rendered', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('notifications_user_idx').on('notifications').columns(['us_id', 'notif_id']).execute();

  await s
    .createTable('engineer_reports')
    .addColumn('er_id', 'serial', (c) => c.primaryKey())
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.job_id').onDelete('cascade'))
    .addColumn('us_id', 'integer', (c) => c.notNull().references('users.us_id').onDelete('cascade'))
    .addColumn('er_text', 'text', (c) => c.notNull())
    .addColumn('er_hours', sql`numeric(6,2)`)
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('engineer_reports_job_idx').on('engineer_reports').columns(['job_id', 'er_id']).execute();
}
