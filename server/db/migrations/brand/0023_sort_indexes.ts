/**
 * An index for every column the generic lists let a user sort on that had none (server/resources/
 * store.ts sorts text by lower(column), then by the id). Sorting 100,000 contacts by company or by
 * creation date read and sorted the whole table for each page (~25 ms); the index hands the page
 * over in order. Columns sorted as text are indexed lower-cased, like their sort.
 */
import { sql, type Kysely } from 'kysely';

const SORTS: Record<string, { id: string; text?: string[]; plain?: string[] }> = {
  departments: { id: 'de_id', text: ['de_prefix'], plain: ['de_is_active', 'created_at'] },
  contacts: { id: 'co_id', text: ['co_company'], plain: ['created_at'] },
  jobsites: { id: 'js_id', text: ['js_city', 'js_postcode'], plain: ['created_at'] },
  propertymanagers: { id: 'pm_id', text: ['pm_company'], plain: ['created_at'] },
  jobsitecontacts: { id: 'jsc_id', plain: ['jsc_type', 'created_at'] },
  users: { id: 'us_id', text: ['fullname', 'email', 'firstname', 'surname'], plain: ['role', 'is_hidden', 'created_at'] },
};

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  for (const [table, { id, text = [], plain = [] }] of Object.entries(SORTS)) {
    const columns = [...text.map((c) => [c, sql`lower(${sql.ref(c)})`] as const), ...plain.map((c) => [c, sql.ref(c)] as const)];
    for (const [column, key] of columns) {
      await sql`create index ${sql.id(`${table}_${column}_sort_idx`)} on ${sql.id(schema, table)} (${key}, ${sql.ref(id)})`.execute(db);
    }
  }
}
