/**
 * Reference data of the /data block: contacts, property managers, site contacts, job sites with
 * their client / manager / site-contact links, and site notes.
 *
 * Each searchable table has one generated, lower-cased `search` column with one trigram GIN index:
 * the engine's free text is a single `LIKE` on it, so a 100k-row search is a bitmap index scan
 * instead of an OR over several ILIKEs. Links use ON DELETE RESTRICT towards the linked record, so
 * deleting a contact that a site uses is refused (409) rather than silently unlinking it.
 */
import { sql, type Kysely } from 'kysely';
import { trigramIndex } from './0001_init';

/** `lower(coalesce(a,'') || ' ' || coalesce(b,'') ...)`: immutable, so it can be a stored column. */
function searchExpr(columns: readonly string[]) {
  return sql.raw(`lower(${columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `)})`);
}

/** Adds the generated `search` column and its trigram index (also used by later migrations). */
export async function searchColumn(db: Kysely<unknown>, schema: string, table: string, columns: readonly string[]) {
  await sql`alter table ${sql.id(schema, table)} add column search text generated always as (${searchExpr(columns)}) stored`.execute(db);
  await trigramIndex(db, schema, table, 'search');
}

async function sortIndex(db: Kysely<unknown>, schema: string, table: string, column: string, id: string) {
  await sql`create index ${sql.id(`${table}_${column}_sort_idx`)} on ${sql.id(schema, table)} (lower(${sql.ref(column)}), ${sql.ref(id)})`.execute(db);
}

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = db.schema.withSchema(schema);

  await s
    .createTable('contacts')
    .addColumn('co_id', 'serial', (c) => c.primaryKey())
    .addColumn('co_type', 'text', (c) => c.notNull())
    .addColumn('co_name', 'text', (c) => c.notNull())
    .addColumn('co_company', 'text')
    .addColumn('co_email', 'text')
    .addColumn('co_phone', 'text')
    .addColumn('co_address', 'text')
    .addColumn('xero_contact_id', 'text')
    .addColumn('co_rates_special', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('co_rates_note', 'text')
    .addColumn('co_commission', sql`numeric(7,2)`)
    .addColumn('co_commission_special', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('co_commission_note', 'text')
    .addColumn('co_tax_receivable', 'text')
    .addColumn('co_tax_payable', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The rules of SPEC.md point 5 hold even for writes that bypass the API.
    .addCheckConstraint('contacts_rates_note', sql`not co_rates_special or co_rates_note is not null`)
    .addCheckConstraint('contacts_commission_note', sql`not co_commission_special or co_commission_note is not null`)
    .execute();
  await searchColumn(db, schema, 'contacts', ['co_name', 'co_company', 'co_email', 'co_phone']);
  await sortIndex(db, schema, 'contacts', 'co_name', 'co_id');
  await s.createIndex('contacts_type_idx').on('contacts').columns(['co_type', 'co_id']).execute();

  await s
    .createTable('propertymanagers')
    .addColumn('pm_id', 'serial', (c) => c.primaryKey())
    .addColumn('pm_name', 'text', (c) => c.notNull())
    .addColumn('pm_company', 'text')
    .addColumn('pm_email', 'text')
    .addColumn('pm_phone', 'text')
    .addColumn('pm_notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await searchColumn(db, schema, 'propertymanagers', ['pm_name', 'pm_company', 'pm_email', 'pm_phone']);
  await sortIndex(db, schema, 'propertymanagers', 'pm_name', 'pm_id');

  await s
    .createTable('jobsitecontacts')
    .addColumn('jsc_id', 'serial', (c) => c.primaryKey())
    .addColumn('jsc_type', 'text', (c) => c.notNull().defaultTo('UNKNOWN'))
    .addColumn('jsc_name', 'text', (c) => c.notNull())
    .addColumn('jsc_email', 'text')
    .addColumn('jsc_phone', 'text')
    .addColumn('jsc_notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await searchColumn(db, schema, 'jobsitecontacts', ['jsc_name', 'jsc_email', 'jsc_phone']);
  await sortIndex(db, schema, 'jobsitecontacts', 'jsc_name', 'jsc_id');

  await s
    .createTable('jobsites')
    .addColumn('js_id', 'serial', (c) => c.primaryKey())
    .addColumn('js_address', 'text', (c) => c.notNull())
    .addColumn('js_city', 'text')
    .addColumn('js_postcode', 'text')
    .addColumn('js_other_notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await searchColumn(db, schema, 'jobsites', ['js_address', 'js_city', 'js_postcode']);
  await sortIndex(db, schema, 'jobsites', 'js_address', 'js_id');

  const link = async (table: string, ref: string, target: string) => {
    await s
      .createTable(table)
      .addColumn('js_id', 'integer', (c) => c.notNull().references('jobsites.js_id').onDelete('cascade'))
      .addColumn(ref, 'integer', (c) => c.notNull().references(`${target}.${ref}`).onDelete('restrict'))
      .addColumn('is_lead', 'boolean', (c) => c.notNull().defaultTo(false))
      .addPrimaryKeyConstraint(`${table}_pk`, ['js_id', ref])
      .execute();
    await s.createIndex(`${table}_${ref}_idx`).on(table).columns([ref, 'js_id']).execute();
  };
  await link('jobsite_clients', 'co_id', 'contacts');
  await link('jobsite_propertymanagers', 'pm_id', 'propertymanagers');
  await link('jobsite_sitecontacts', 'jsc_id', 'jobsitecontacts');

  await s
    .createTable('jobsitenotes')
    .addColumn('jsn_id', 'serial', (c) => c.primaryKey())
    .addColumn('js_id', 'integer', (c) => c.notNull().references('jobsites.js_id').onDelete('cascade'))
    .addColumn('jsn_note', 'text', (c) => c.notNull())
    .addColumn('us_id', 'integer', (c) => c.references('users.us_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz')
    .execute();
  await s.createIndex('jobsitenotes_js_id_idx').on('jobsitenotes').columns(['js_id', 'jsn_id']).execute();
}
