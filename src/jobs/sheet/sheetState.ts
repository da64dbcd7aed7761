/**
 * The job sheet's filter and sort as the screen holds them, their storage (SPEC.md point 3: kept
 * until 23:59 of the day) and their translation into the JobFilter body and the sort parameter.
 */
import { clientStorage, type JobSorting } from '../../storage/clientStorage';
import { JOB_SORT_FIELDS, type JobFilter } from '../../../core/jobs/types';
import type { JobStatus, JobTag } from '../../../core/enums';
import { searchableText } from '../../../core/lists/search';

export interface SheetFilter {
  stext: string;
  job_status: JobStatus[];
  de_id: number[];
  co_id: number | null;
  js_id: number | null;
  pm_id: number | null;
  job_tags: JobTag[];
  assigned: number | null;
  engineer: number | null;
  /** 'YYYY-MM-DD' date inputs. */
  start_from: string;
  start_to: string;
  /** Part of the job number. */
  job_number: string;
  end_from: string;
  end_to: string;
  /** Money bounds as typed (decimal text; empty: no bound). */
  net_quote_min: string;
  net_quote_max: string;
  net_sales_min: string;
  net_sales_max: string;
}

export const EMPTY_FILTER: SheetFilter = {
  stext: '',
  job_status: [],
  de_id: [],
  co_id: null,
  js_id: null,
  pm_id: null,
  job_tags: [],
  assigned: null,
  engineer: null,
  start_from: '',
  start_to: '',
  job_number: '',
  end_from: '',
  end_to: '',
  net_quote_min: '',
  net_quote_max: '',
  net_sales_min: '',
  net_sales_max: '',
};
export const DEFAULT_SORT: JobSorting = { field: 'created_at', order: 'DESC' };
export const SHEET_PAGE_SIZE = 20;

export type SortField = (typeof JOB_SORT_FIELDS)[number];
export const isSortField = (f: string): f is SortField => (JOB_SORT_FIELDS as readonly string[]).includes(f);

const asIds = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
const asId = (v: unknown) => (typeof v === 'number' ? v : null);
const asText = (v: unknown) => (typeof v === 'string' ? v : '');
const asMoney = (v: unknown) => (typeof v === 'number' ? String(v) : asText(v));
const asCodes = <T extends string>(v: unknown) => (Array.isArray(v) ? (v.filter((x) => typeof x === 'string') as T[]) : []);

/** The stored filter, read defensively: it was written by an older screen, perhaps. */
export function loadFilter(now?: Date): SheetFilter {
  return filterFrom((clientStorage.jobFilter.get(now) ?? {}) as Record<string, unknown>);
}

/** A filter from any object (storage, a link's URL, a saved view): unknown or ill-typed parts are left empty. */
export function filterFrom(s: Record<string, unknown>): SheetFilter {
  return {
    stext: asText(s.stext),
    job_status: asCodes<JobStatus>(s.job_status),
    de_id: asIds(s.de_id),
    co_id: asId(s.co_id),
    js_id: asId(s.js_id),
    pm_id: asId(s.pm_id),
    job_tags: asCodes<JobTag>(s.job_tags),
    assigned: asId(s.assigned),
    engineer: asId(s.engineer),
    start_from: asText(s.start_from),
    start_to: asText(s.start_to),
    job_number: asText(s.job_number),
    end_from: asText(s.end_from),
    end_to: asText(s.end_to),
    net_quote_min: asMoney(s.net_quote_min),
    net_quote_max: asMoney(s.net_quote_max),
    net_sales_min: asMoney(s.net_sales_min),
    net_sales_max: asMoney(s.net_sales_max),
  };
}

export function loadSort(now?: Date): JobSorting {
  return sortFrom(clientStorage.jobSorting.get(now));
}

export function sortFrom(s: { field?: unknown; order?: unknown } | null | undefined): JobSorting {
  return s && typeof s.field === 'string' && isSortField(s.field) && (s.order === 'ASC' || s.order === 'DESC')
    ? { field: s.field, order: s.order }
    : DEFAULT_SORT;
}

/** The URL parameter a link to the sheet carries its filter in (JSON of the filter's fields, the rest empty). */
export const FILTER_PARAM = 'filter';

/** The sheet filtered by `filter` (any of the sheet's filter fields, e.g. a home page figure's). */
export const sheetHref = (filter: Partial<Record<keyof SheetFilter, unknown>>) => `/sheet?${FILTER_PARAM}=${encodeURIComponent(JSON.stringify(filter))}`;

/** The filter a link's URL parameter names, or null when there is none or it is not JSON. */
export function filterFromParam(param: string | null): SheetFilter | null {
  if (!param) return null;
  try {
    const value: unknown = JSON.parse(param);
    return value && typeof value === 'object' && !Array.isArray(value) ? filterFrom(value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function saveFilter(filter: SheetFilter, now?: Date): void {
  clientStorage.jobFilter.set({ ...filter }, now);
}

export function saveSort(sort: JobSorting, now?: Date): void {
  clientStorage.jobSorting.set(sort, now);
}

export const sortParam = (s: JobSorting) => (s.order === 'DESC' ? `-${s.field}` : s.field);

/** Clicking a header: a new column sorts ascending, the same column flips. */
export function nextSort(current: JobSorting, field: string): JobSorting {
  return current.field === field ? { field, order: current.order === 'ASC' ? 'DESC' : 'ASC' } : { field, order: 'ASC' };
}

/** The JobFilter body: empty parts left out; text shorter than 3 characters is not sent (the box says why). */
export function toWireFilter(f: SheetFilter): JobFilter {
  const out: JobFilter = {};
  const text = searchableText(f.stext);
  if (text) out.stext = text;
  if (f.job_status.length) out.job_status = f.job_status;
  if (f.de_id.length) out.de_id = f.de_id;
  if (f.co_id !== null) out.co_id = f.co_id;
  if (f.js_id !== null) out.js_id = f.js_id;
  if (f.pm_id !== null) out.pm_id = f.pm_id;
  if (f.job_tags.length) out.job_tags = f.job_tags;
  if (f.assigned !== null) out.assigned = [f.assigned];
  if (f.engineer !== null) out.engineer = [f.engineer];
  if (f.start_from) out.start_from = `${f.start_from} 00:00:00`;
  if (f.start_to) out.start_to = `${f.start_to} 23:59:59`;
  if (f.job_number.trim()) out.job_number = f.job_number.trim();
  if (f.end_from) out.end_from = `${f.end_from} 00:00:00`;
  if (f.end_to) out.end_to = `${f.end_to} 23:59:59`;
  for (const key of ['net_quote_min', 'net_quote_max', 'net_sales_min', 'net_sales_max'] as const) if (f[key].trim()) out[key] = f[key].trim();
  return out;
}
