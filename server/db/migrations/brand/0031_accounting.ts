/**
 * The accounting data the Xero sync fills (docs/INTEGRATIONS: "Accounting integration (Xero)"):
 * tax rates and items as pulled (with the local visibility and default kept across pulls), the
 * sync's cursor per resource, the outgoing queue of pushes, and what a sales section was pushed as.
 * Numbered 0031 because 0030 belongs to another area's migration (migrate.ts runs names in order
 * and tolerates a gap).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);

  // Keyed by Xero's TaxType (e.g. OUTPUT2): a pull updates the row it already has, so visibility and default survive.
  await s
    .createTable('xero_taxrates')
    .addColumn('xtr_id', 'serial', (c) => c.primaryKey())
    .addColumn('tax_type', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('type', 'text')
    .addColumn('effective_rate', sql`numeric(7,4)`, (c) => c.notNull().defaultTo(0))
    .addColumn('xtr_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // At most one default, held by the database as well as by the engine's oneDefault.
  await sql`create unique index xero_taxrates_one_default on ${sql.id(schema, 'xero_taxrates')} (is_default) where is_default`.execute(db);

  // Keyed by the item code (Xero's Code is unique per organisation).
  await s
    .createTable('xero_items')
    .addColumn('xi_id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_utc', 'timestamptz')
    .addColumn('last_update', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Sort-key indexes of the lists' sortable columns (text lower-cased, as the lists sort them; then the id).
  const sorts: [string, string, string[], string[]][] = [
    ['xero_taxrates', 'xtr_id', ['name', 'type', 'status'], ['effective_rate', 'xtr_visible', 'is_default']],
    ['xero_items', 'xi_id', ['name', 'code'], ['visible', 'last_update']],
  ];
  for (const [table, id, text, plain] of sorts) {
    for (const column of text)
      await sql`create index ${sql.id(`${table}_${column}_sort_idx`)} on ${sql.id(schema, table)} (lower(${sql.ref(column)}), ${sql.ref(id)})`.execute(db);
    for (const column of plain)
      await sql`create index ${sql.id(`${table}_${column}_sort_idx`)} on ${sql.id(schema, table)} (${sql.ref(column)}, ${sql.ref(id)})`.execute(db);
  }

  // One row per pulled resource (contacts, items, taxrates): next_page 0 means the sync is off or finished (SPEC point 9).
  await s
    .createTable('xero_sync_state')
    .addColumn('resource', 'text', (c) => c.primaryKey())
    .addColumn('next_page', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('modified_since', 'timestamptz')
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // The push queue: a row per local record to send; soft-deleted rows stay for the record.
  await s
    .createTable('xero_sync_pending')
    .addColumn('xsp_id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('local_id', 'integer', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('payload_hash', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'failed', 'done')`),
    )
    .addColumn('error_code', 'text')
    .addColumn('error_text', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // The worker's pick (due, not deleted) and the sync-status page's default order.
  await sql`create index xero_sync_pending_due_idx on ${sql.id(schema, 'xero_sync_pending')} (next_attempt_at, xsp_id) where deleted_at is null`.execute(db);

  // A section's pushed document: xero_invoice_id (0006, never written) becomes the general xero_doc_id,
  // since a section may be pushed as a quote or credit note as well. jss_is_final (0006) is the final flag.
  await sql`alter table ${sql.id(schema, 'job_sales_sections')} rename column xero_invoice_id to xero_doc_id`.execute(db);
  await s
    .alterTable('job_sales_sections')
    .addColumn('xero_doc_number', 'text')
    .addColumn('xero_doc_type', 'text')
    .addColumn('xero_doc_url', 'text')
    .addColumn('last_pushed_hash', 'text')
    .execute();
}
