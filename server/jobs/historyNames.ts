/**
 * Names for the ids a job's history holds (clients, sites, managers, site contacts, departments,
 * users, sections), so the history shows "Acme Ltd" rather than "17". History keeps the ids (names
 * change; ids do not), and the names are looked up when the history is read: one query per kind of
 * record for the whole page. A record deleted since has no name; the panel shows its id then.
 */
import { refKey, refsOf, type RefKind } from '../../core/jobs/historyRefs';
import type { JobDb } from './tables';

type NameQuery = (db: JobDb, ids: number[]) => Promise<{ id: number; name: string | null }[]>;

const QUERIES: Record<RefKind, NameQuery> = {
  user: (db, ids) => db.selectFrom('users').select(['us_id as id', 'fullname as name']).where('us_id', 'in', ids).execute(),
  contact: (db, ids) => db.selectFrom('contacts').select(['co_id as id', 'co_name as name']).where('co_id', 'in', ids).execute(),
  site: (db, ids) => db.selectFrom('jobsites').select(['js_id as id', 'js_address as name']).where('js_id', 'in', ids).execute(),
  pm: (db, ids) => db.selectFrom('propertymanagers').select(['pm_id as id', 'pm_name as name']).where('pm_id', 'in', ids).execute(),
  sitecontact: (db, ids) => db.selectFrom('jobsitecontacts').select(['jsc_id as id', 'jsc_name as name']).where('jsc_id', 'in', ids).execute(),
  department: (db, ids) => db.selectFrom('departments').select(['de_id as id', 'de_name as name']).where('de_id', 'in', ids).execute(),
  section: (db, ids) => db.selectFrom('job_sales_sections').select(['jss_id as id', 'jss_title as name']).where('jss_id', 'in', ids).execute(),
  salesitem: (db, ids) =>
    db
      .selectFrom('job_sales_items')
      .select((eb) => ['sales_id as id', eb.fn.coalesce('item_code', 'description').as('name')])
      .where('sales_id', 'in', ids)
      .execute(),
};

/** `kind:id` → name for every id the given history entries name (ids without a name are left out). */
export async function historyNames(db: JobDb, entries: { jh_changes: Record<string, unknown> }[]): Promise<Map<string, string>> {
  const wanted = new Map<RefKind, Set<number>>();
  for (const e of entries) {
    for (const { kind, id } of refsOf(e.jh_changes)) {
      if (id < 1 || id > 2147483647) continue;
      if (!wanted.has(kind)) wanted.set(kind, new Set());
      wanted.get(kind)!.add(id);
    }
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([kind, ids]) => {
      for (const row of await QUERIES[kind](db, [...ids])) if (row.name) names.set(refKey(kind, row.id), row.name);
    }),
  );
  return names;
}

/** The names one entry needs, as the wire's `jh_names` object. */
export function namesOfEntry(all: Map<string, string>, changes: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { kind, id } of refsOf(changes)) {
    const name = all.get(refKey(kind, id));
    if (name) out[refKey(kind, id)] = name;
  }
  return out;
}
