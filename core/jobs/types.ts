/**
 * Wire shapes of the jobs group (SPEC.md point 7), shared by the server routes and the SPA pages.
 * Dates are 'YYYY-MM-DD HH:mm:ss' UTC strings (API.md); money is a 2-decimal string ('1234.50').
 */
import type { JobStatus, JobTag } from '../enums';

export interface JobEngineer {
  us_id: number;
  is_lead: boolean;
  fullname?: string | null;
  /** Whether this engineer's costs on the job are locked (engineerlockedstatus). */
  locked?: boolean;
}

/** One row of POST jobs/filter and the base of GET jobs/{id}/details. */
export interface JobListRow {
  job_id: number;
  /** null while the job is a draft. */
  job_number: string | null;
  /** null for a customer when the status is outside their visible list. */
  job_status: JobStatus | null;
  job_wopo: string | null;
  job_desc: string | null;
  de_id: number;
  de_name: string | null;
  co_id: number | null;
  co_name: string | null;
  js_id: number | null;
  js_address: string | null;
  pm_id: number | null;
  pm_name: string | null;
  job_start: string | null;
  job_end: string | null;
  job_tags: JobTag[];
  /** Assigned users' ids and names, in name order. */
  assigned: { us_id: number; fullname: string | null }[];
  net_quote: string;
  net_sales: string;
  /** The brand's currency code of the money columns; on the sheet's rows (POST jobs/filter) only. */
  currency?: string;
  created_at: string;
  updated_at: string;
}

/** GET jobs/{id}/details. */
export interface JobDetails extends JobListRow {
  jsc_id: number | null;
  jsc_name: string | null;
  job_details: string | null;
  job_has_remedial: boolean;
  /** Set and cleared only through POST jobs/{id}/issue. */
  job_has_issue: boolean;
  skip_remedial_check: boolean;
  /** 'A job with remedial work and no site is flagged'. */
  remedial_flag: boolean;
  engineers: JobEngineer[];
  suppliers: { co_id: number; co_name: string | null }[];
  customer_us_id: number | null;
  /** Whether the current user may change this job (the assigned-users rule). */
  can_modify: boolean;
}

/**
 * POST jobs/create and PATCH jobs/{id}. `job_is_draft: true` on create keeps the job without a
 * number; a later save without it gives the job the next number of its department.
 */
export interface JobWrite {
  de_id?: number;
  co_id?: number | null;
  js_id?: number | null;
  pm_id?: number | null;
  jsc_id?: number | null;
  job_status?: JobStatus;
  job_wopo?: string | null;
  job_desc?: string | null;
  job_details?: string | null;
  job_start?: string | null;
  job_end?: string | null;
  job_tags?: JobTag[];
  job_has_remedial?: boolean;
  skip_remedial_check?: boolean;
  job_is_draft?: boolean;
  /** Replaces the lists when present. */
  engineers?: { us_id: number; is_lead: boolean }[];
  suppliers?: { co_id: number }[];
  assigned?: number[];
}

/** The body of POST jobs/filter (and exportjobs/export). Every field optional. */
export interface JobFilter {
  stext?: string | null;
  job_status?: JobStatus[] | null;
  de_id?: number[] | null;
  co_id?: number | null;
  js_id?: number | null;
  pm_id?: number | null;
  job_tags?: JobTag[] | null;
  /** Jobs assigned to any of these users. */
  assigned?: number[] | null;
  /** Jobs with any of these engineers. */
  engineer?: number[] | null;
  /** Start date range, inclusive ('YYYY-MM-DD HH:mm:ss'). */
  start_from?: string | null;
  start_to?: string | null;
  /** Part of the job number (any length, case-insensitive). */
  job_number?: string | null;
  /** End date range, inclusive ('YYYY-MM-DD HH:mm:ss'). */
  end_from?: string | null;
  end_to?: string | null;
  /** Net quote and net sales ranges, inclusive (decimal text or number). */
  net_quote_min?: string | number | null;
  net_quote_max?: string | number | null;
  net_sales_min?: string | number | null;
  net_sales_max?: string | number | null;
  /** Include drafts (no number); default false. */
  drafts?: boolean | null;
}

/** Sortable columns of the job sheet. */
export const JOB_SORT_FIELDS = [
  'job_number',
  'job_status',
  'co_name',
  'js_address',
  'pm_name',
  'de_name',
  'job_start',
  'job_end',
  'net_quote',
  'net_sales',
  'created_at',
  'updated_at',
] as const;

/** GET jobs/{id}/history rows. */
export interface JobHistoryRow {
  jh_id: number;
  us_id: number | null;
  fullname: string | null;
  jh_entity: 'job' | 'sales' | 'cost';
  jh_entity_id: number | null;
  jh_action: string;
  jh_changes: Record<string, unknown>;
  /** 'kind:id' → name for the ids jh_changes holds (core/jobs/historyRefs.ts); deleted records are absent. */
  jh_names: Record<string, string>;
  created_at: string;
}

/** GET jobs/calendar rows: a department's jobs whose schedule touches the range. */
export interface JobCalendarRow {
  job_id: number;
  job_number: string | null;
  job_desc: string | null;
  job_start: string | null;
  job_end: string | null;
  job_status: JobStatus;
  js_id: number | null;
  js_address: string | null;
}
