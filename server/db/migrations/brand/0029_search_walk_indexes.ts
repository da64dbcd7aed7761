/**
 * The default-sort index of each list that has a search column (its title, lower-cased, then the
 * id) also carries the title itself and the search text (INCLUDE), so a search's page found by
 * walking that index in sort order (server/lists/knownTotals.ts) tests each row from the index
 * alone, an index-only scan. Before, every row walked was fetched from the table, where rows in name
 * order lie on a page each: the 5,100 rows walked for page 5 of Harbour among 100,000 departments
 * (its matches start 5,000 rows into the name order, desc) took 12.9 ms that way and 5.4 ms from
 * the index, contacts' 'smith' 9.8 ms and 3.1 ms (docs/PERFORMANCE.md). The index keeps its name,
 * and the sort it serves is unchanged.
 */
import { sql, type Kysely } from 'kysely';

const TITLE_SORTS: Record<string, { index: string; column: string; id: string }> = {
  departments: { index: 'departments_name_sort_idx', column: 'de_name', id: 'de_id' },
  contacts: { index: 'contacts_co_name_sort_idx', column: 'co_name', id: 'co_id' },
  propertymanagers: { index: 'propertymanagers_pm_name_sort_idx', column: 'pm_name', id: 'pm_id' },
  jobsitecontacts: { index: 'jobsitecontacts_jsc_name_sort_idx', column: 'jsc_name', id: 'jsc_id' },
  jobsites: { index: 'jobsites_js_address_sort_idx', column: 'js_address', id: 'js_id' },
};

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  for (const [table, { index, column, id }] of Object.entries(TITLE_SORTS)) {
    await sql`drop index ${sql.id(schema, index)}`.execute(db);
    // The title is included as well: PostgreSQL answers lower(title) from an index only when the column itself is in it.
    await sql`create index ${sql.id(index)} on ${sql.id(schema, table)} (lower(${sql.ref(column)}), ${sql.ref(id)}) include (${sql.ref(column)}, search)`.execute(
      db,
    );
  }
}
