/**
 * Which history fields hold ids of other records, shared by the server (which looks the names up,
 * GET jobs/{id}/history → jh_names) and the history panel (which shows the names instead of ids).
 * A value may be one id, a list of ids, or a list of objects carrying the id (engineers, suppliers).
 */
export type RefKind = 'user' | 'contact' | 'site' | 'pm' | 'sitecontact' | 'department' | 'section' | 'salesitem';

export const FIELD_REF_KINDS: Readonly<Record<string, RefKind>> = {
  co_id: 'contact',
  suppliers: 'contact',
  js_id: 'site',
  pm_id: 'pm',
  jsc_id: 'sitecontact',
  de_id: 'department',
  us_id: 'user',
  customer_us_id: 'user',
  assigned: 'user',
  engineers: 'user',
  created_by: 'user',
  jss_id: 'section',
  from_jss_id: 'section',
  /** The order of a job's sections, and of a section's rows, before and after a reorder. */
  jss_ids: 'section',
  sales_ids: 'salesitem',
};

/** The object key that carries the id inside a list of objects (engineers: us_id, suppliers: co_id). */
const ID_KEYS: Readonly<Record<RefKind, string>> = {
  user: 'us_id',
  contact: 'co_id',
  site: 'js_id',
  pm: 'pm_id',
  sitecontact: 'jsc_id',
  department: 'de_id',
  section: 'jss_id',
  salesitem: 'sales_id',
};

export const refKey = (kind: RefKind, id: number) => `${kind}:${id}`;

/** The id a single stored value names, if any (a number, or an object with the kind's id key). */
export function idIn(kind: RefKind, value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const id = (value as Record<string, unknown>)[ID_KEYS[kind]];
    return typeof id === 'number' && Number.isInteger(id) ? id : null;
  }
  return null;
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } => !!v && typeof v === 'object' && !Array.isArray(v) && 'from' in v && 'to' in v;

/** Every `kind:id` one history entry's changes name. */
export function refsOf(changes: Record<string, unknown>): { kind: RefKind; id: number }[] {
  const out = new Map<string, { kind: RefKind; id: number }>();
  const add = (kind: RefKind, value: unknown) => {
    for (const item of Array.isArray(value) ? value : [value]) {
      const id = idIn(kind, item);
      if (id !== null) out.set(refKey(kind, id), { kind, id });
    }
  };
  for (const [field, value] of Object.entries(changes ?? {})) {
    const kind = FIELD_REF_KINDS[field];
    if (!kind) continue;
    if (isChange(value)) {
      add(kind, value.from);
      add(kind, value.to);
    } else add(kind, value);
  }
  return [...out.values()];
}
