/**
 * The job form's values and the pure steps around them: from JobDetails, to the JobWrite body
 * (a customer's save never carries job_status, SPEC.md point 4), and the form's own checks.
 */
import type { JobStatus, JobTag } from '../../../core/enums';
import type { JobDetails, JobEngineer, JobWrite } from '../../../core/jobs/types';

export interface JobFormValues {
  de_id: number | null;
  co_id: number | null;
  js_id: number | null;
  pm_id: number | null;
  jsc_id: number | null;
  job_status: JobStatus;
  job_wopo: string;
  job_desc: string;
  job_details: string;
  job_tags: JobTag[];
  assigned: number[];
  engineers: { us_id: number; is_lead: boolean }[];
  suppliers: number[];
  job_has_remedial: boolean;
  skip_remedial_check: boolean;
}

export const NEW_JOB: JobFormValues = {
  de_id: null,
  co_id: null,
  js_id: null,
  pm_id: null,
  jsc_id: null,
  job_status: 'QUOTED',
  job_wopo: '',
  job_desc: '',
  job_details: '',
  job_tags: [],
  assigned: [],
  engineers: [],
  suppliers: [],
  job_has_remedial: false,
  skip_remedial_check: false,
};

export function valuesOf(d: JobDetails): JobFormValues {
  return {
    de_id: d.de_id,
    co_id: d.co_id,
    js_id: d.js_id,
    pm_id: d.pm_id,
    jsc_id: d.jsc_id,
    job_status: d.job_status ?? 'QUOTED',
    job_wopo: d.job_wopo ?? '',
    job_desc: d.job_desc ?? '',
    job_details: d.job_details ?? '',
    job_tags: [...d.job_tags],
    assigned: d.assigned.map((a) => a.us_id),
    engineers: d.engineers.map((e: JobEngineer) => ({ us_id: e.us_id, is_lead: e.is_lead })),
    suppliers: d.suppliers.map((s) => s.co_id),
    job_has_remedial: d.job_has_remedial,
    skip_remedial_check: d.skip_remedial_check,
  };
}

const text = (v: string) => (v.trim() === '' ? null : v);

/** The body of a save. A customer sends only the texts of their own job, never the status. */
export function toJobWrite(v: JobFormValues, customer: boolean): JobWrite {
  const texts = { job_wopo: text(v.job_wopo), job_desc: text(v.job_desc), job_details: text(v.job_details) };
  if (customer) return texts;
  return {
    ...texts,
    ...(v.de_id !== null ? { de_id: v.de_id } : {}),
    co_id: v.co_id,
    js_id: v.js_id,
    pm_id: v.pm_id,
    jsc_id: v.jsc_id,
    job_status: v.job_status,
    job_tags: v.job_tags,
    assigned: v.assigned,
    engineers: v.engineers,
    suppliers: v.suppliers.map((co_id) => ({ co_id })),
    job_has_remedial: v.job_has_remedial,
    skip_remedial_check: v.skip_remedial_check,
  };
}

export type FormProblems = Partial<Record<'de_id' | 'engineers' | 'job_wopo' | 'job_desc' | 'job_details', string>>;

/** i18n keys of what is wrong, per field; empty when the form may be saved. */
export function checkJob(v: JobFormValues, customer: boolean): FormProblems {
  const p: FormProblems = {};
  if (!customer && v.de_id === null) p.de_id = 'validation.required';
  if (!customer && v.engineers.length > 0 && v.engineers.filter((e) => e.is_lead).length !== 1) p.engineers = 'jobs.errors.oneLead';
  if (!customer && v.engineers.length > 0 && v.js_id === null) p.engineers = 'jobs.errors.selectSiteFirst';
  if (v.job_wopo.length > 100) p.job_wopo = 'validation.max100';
  if (v.job_desc.length > 3000) p.job_desc = 'validation.max3000';
  if (v.job_details.length > 3000) p.job_details = 'validation.max3000';
  return p;
}

/** Adds an engineer; the first one becomes the lead so the list always has exactly one. */
export function addEngineer(list: JobFormValues['engineers'], usId: number): JobFormValues['engineers'] {
  if (list.some((e) => e.us_id === usId)) return list;
  return [...list, { us_id: usId, is_lead: list.length === 0 }];
}

/** Removes one; if it was the lead, the next one takes the lead. */
export function removeEngineer(list: JobFormValues['engineers'], usId: number): JobFormValues['engineers'] {
  const rest = list.filter((e) => e.us_id !== usId);
  if (rest.length && !rest.some((e) => e.is_lead)) rest[0] = { ...rest[0], is_lead: true };
  return rest;
}

export const makeLead = (list: JobFormValues['engineers'], usId: number) => list.map((e) => ({ ...e, is_lead: e.us_id === usId }));
