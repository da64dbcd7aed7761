/**
 * Checks a JobWrite body (POST jobs/create, PATCH jobs/{id}) field by field with SPEC.md point 5's
 * messages, then checks that every id it names exists in this brand. Nothing is written until the
 * whole body is valid, and every problem is reported at once, one entry per field.
 */
import { STAFF } from '../../core/access/roles';
import { JOB_STATUSES, JOB_TAGS } from '../../core/enums';
import { enText } from '../../core/i18n/en-US';
import type { JobWrite } from '../../core/jobs/types';
import { validationError, type FieldMessage } from '../envelope/errors';
import { asObject } from '../http/objects';
import type { JobDb } from './tables';

const SHORT_TEXTS = ['job_wopo', 'job_desc'] as const;
const REF_IDS = { co_id: 'contacts', js_id: 'jobsites', pm_id: 'propertymanagers', jsc_id: 'jobsitecontacts' } as const;
const BOOLEANS = ['job_has_remedial', 'skip_remedial_check', 'job_is_draft'] as const;
const KNOWN = new Set<string>([
  'de_id',
  ...Object.keys(REF_IDS),
  'job_status',
  ...SHORT_TEXTS,
  'job_details',
  'job_start',
  'job_end',
  'job_tags',
  ...BOOLEANS,
  'engineers',
  'suppliers',
  'assigned',
]);
/** Fields the SPA sends back from the details it read; ignored, not refused. */
const READ_ONLY = new Set([
  'job_id',
  'job_number',
  'de_name',
  'co_name',
  'js_address',
  'pm_name',
  'jsc_name',
  'net_quote',
  'net_sales',
  'created_at',
  'updated_at',
  'remedial_flag',
  'can_modify',
  'customer_us_id',
  'job_has_issue',
]);
const MAX_INT = 2147483647;

export interface CleanJobWrite extends Omit<JobWrite, 'job_start' | 'job_end'> {
  job_start?: Date | null;
  job_end?: Date | null;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_INT;

/** 'YYYY-MM-DD HH:mm:ss' (UTC, API.md), 'YYYY-MM-DD' (12:00 UTC) or an ISO string with a zone. */
export function parseWireDate(value: unknown): Date | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string') return undefined;
  let text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text = `${text}T12:00:00Z`;
  else if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text)) text = `${text.replace(' ', 'T')}Z`;
  else if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Shape checks only (no database): types, lengths, enumerations, one lead. */
export function parseJobWrite(input: unknown, mode: 'create' | 'update'): CleanJobWrite {
  const body = asObject(input);
  const errors: FieldMessage[] = [];
  const bad = (field: string, key = 'validation.value') => errors.push({ field, message: enText(key) });
  const out: Record<string, unknown> = {};

  for (const key of Object.keys(body)) if (!KNOWN.has(key) && !READ_ONLY.has(key)) bad(key);

  if (body.de_id === undefined || body.de_id === null) {
    if (mode === 'create' || body.de_id === null) bad('de_id', 'validation.required');
  } else if (!isId(body.de_id)) bad('de_id', 'validation.number');
  else out.de_id = body.de_id;

  for (const field of Object.keys(REF_IDS)) {
    const v = body[field];
    if (v === undefined) continue;
    if (v === null || isId(v)) out[field] = v;
    else bad(field, 'validation.number');
  }
  if (body.job_status !== undefined) {
    if ((JOB_STATUSES as readonly unknown[]).includes(body.job_status)) out.job_status = body.job_status;
    else bad('job_status');
  }
  const text = (field: string, max: number, key: string) => {
    const v = body[field];
    if (v === undefined) return;
    if (v !== null && typeof v !== 'string') return bad(field);
    if (typeof v === 'string' && v.length > max) return bad(field, key);
    out[field] = typeof v === 'string' && v.trim() === '' ? null : v;
  };
  for (const f of SHORT_TEXTS) text(f, 100, 'validation.max100');
  text('job_details', 3000, 'validation.max3000');
  for (const f of ['job_start', 'job_end'] as const) {
    if (body[f] === undefined) continue;
    const d = parseWireDate(body[f]);
    if (d === undefined) bad(f);
    else out[f] = d;
  }
  if (body.job_tags !== undefined) {
    const tags = body.job_tags ?? [];
    if (!Array.isArray(tags) || tags.some((t) => !(JOB_TAGS as readonly unknown[]).includes(t))) bad('job_tags');
    else out.job_tags = [...new Set(tags as string[])];
  }
  for (const f of BOOLEANS) {
    if (body[f] === undefined || body[f] === null) continue;
    if (typeof body[f] === 'boolean') out[f] = body[f];
    else bad(f);
  }
  parsePeople(body, out, bad);
  if (errors.length) throw validationError(errors);
  return out as CleanJobWrite;
}

function parsePeople(body: Record<string, unknown>, out: Record<string, unknown>, bad: (field: string, key?: string) => void) {
  if (body.engineers !== undefined) {
    const list = body.engineers;
    const ok =
      Array.isArray(list) &&
      list.length <= 200 &&
      list.every(
        (e) => e && typeof e === 'object' && isId((e as { us_id?: unknown }).us_id) && typeof ((e as { is_lead?: unknown }).is_lead ?? false) === 'boolean',
      );
    if (!ok) bad('engineers');
    else {
      const seen = new Map<number, boolean>();
      for (const e of list as { us_id: number; is_lead?: boolean }[]) seen.set(e.us_id, (seen.get(e.us_id) ?? false) || !!e.is_lead);
      out.engineers = [...seen].map(([us_id, is_lead]) => ({ us_id, is_lead }));
    }
  }
  if (body.suppliers !== undefined) {
    const list = body.suppliers;
    const ids = Array.isArray(list) ? list.map((s) => (typeof s === 'number' ? s : (s as { co_id?: unknown } | null)?.co_id)) : null;
    if (!ids || ids.length > 200 || !ids.every(isId)) bad('suppliers');
    else out.suppliers = [...new Set(ids as number[])].map((co_id) => ({ co_id }));
  }
  if (body.assigned !== undefined) {
    const list = body.assigned;
    const ids = Array.isArray(list) ? list.map((a) => (typeof a === 'number' ? a : (a as { us_id?: unknown } | null)?.us_id)) : null;
    if (!ids || ids.length > 200 || !ids.every(isId)) bad('assigned');
    else out.assigned = [...new Set(ids as number[])];
  }
}

/** The rules that need the stored job: engineers need a site and exactly one lead; end after start. */
export function checkJobRules(
  merged: { js_id: number | null; job_start: Date | null; job_end: Date | null },
  write: CleanJobWrite,
  text: (key: string) => string,
): void {
  const errors: FieldMessage[] = [];
  if (write.engineers?.length) {
    if (merged.js_id === null) errors.push({ field: 'engineers', message: text('errors.selectSiteFirst') });
    else if (write.engineers.filter((e) => e.is_lead).length !== 1) errors.push({ field: 'engineers', message: text('errors.oneLead') });
  }
  if (merged.job_start && merged.job_end && merged.job_end.getTime() < merged.job_start.getTime()) {
    errors.push({ field: 'job_end', message: text('errors.endBeforeStart') });
  }
  if (errors.length) throw validationError(errors);
}

/** Every id the body names exists in this brand, with the right role for people. */
export async function checkJobRefs(db: JobDb, w: CleanJobWrite): Promise<void> {
  const errors: FieldMessage[] = [];
  const missing = (field: string) => errors.push({ field, message: enText('validation.value') });
  const checks: Promise<void>[] = [];
  const exists = async (field: string, found: Promise<unknown[]>, want: number) => {
    if ((await found).length !== want) missing(field);
  };
  if (w.de_id !== undefined) checks.push(exists('de_id', db.selectFrom('departments').select('de_id').where('de_id', '=', w.de_id).execute(), 1));
  if (w.co_id) checks.push(exists('co_id', db.selectFrom('contacts').select('co_id').where('co_id', '=', w.co_id).execute(), 1));
  if (w.js_id) checks.push(exists('js_id', db.selectFrom('jobsites').select('js_id').where('js_id', '=', w.js_id).execute(), 1));
  if (w.pm_id) checks.push(exists('pm_id', db.selectFrom('propertymanagers').select('pm_id').where('pm_id', '=', w.pm_id).execute(), 1));
  if (w.jsc_id) checks.push(exists('jsc_id', db.selectFrom('jobsitecontacts').select('jsc_id').where('jsc_id', '=', w.jsc_id).execute(), 1));
  if (w.engineers?.length) {
    const ids = w.engineers.map((e) => e.us_id);
    checks.push(exists('engineers', db.selectFrom('users').select('us_id').where('us_id', 'in', ids).where('role', '=', 'Engineer').execute(), ids.length));
  }
  if (w.suppliers?.length) {
    const ids = w.suppliers.map((s) => s.co_id);
    checks.push(exists('suppliers', db.selectFrom('contacts').select('co_id').where('co_id', 'in', ids).execute(), ids.length));
  }
  if (w.assigned?.length) checks.push(exists('assigned', staffUsers(db, w.assigned), w.assigned.length));
  await Promise.all(checks);
  if (errors.length) throw validationError(errors);
}

/**
 * A job's site contact must be one of its site's contacts (jobsite_sitecontacts); a contact with no
 * site is refused too. 'Invalid value' on jsc_id otherwise.
 */
export async function checkSiteContact(db: JobDb, jsId: number | null, jscId: number | null): Promise<void> {
  if (jscId === null) return;
  const linked =
    jsId === null
      ? undefined
      : await db.selectFrom('jobsite_sitecontacts').select('jsc_id').where('js_id', '=', jsId).where('jsc_id', '=', jscId).executeTakeFirst();
  if (!linked) throw validationError([{ field: 'jsc_id', message: enText('validation.value') }]);
}

export function staffUsers(db: JobDb, ids: number[]) {
  return db
    .selectFrom('users')
    .select('us_id')
    .where('us_id', 'in', ids)
    .where('role', 'in', [...STAFF])
    .execute();
}
