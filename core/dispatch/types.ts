/** The dispatch board's wire types (GET dispatch/week, POST dispatch/visits/{id}). */
import type { JobStatus } from '../enums';

export interface DispatchEngineer {
  us_id: number;
  fullname: string | null;
}

/** A scheduled job on one engineer's lane (a job with several engineers is on each of their lanes). */
export interface DispatchVisit {
  job_id: number;
  job_number: string | null;
  job_desc: string | null;
  js_address: string | null;
  job_status: JobStatus;
  /** Wire dates (UTC); the board shows them in the user's time zone. */
  job_start: string;
  job_end: string | null;
  us_id: number;
  is_lead: boolean;
}

/** An open job to drag onto a lane: not yet given a time or an engineer. */
export interface DispatchJob {
  job_id: number;
  job_number: string | null;
  job_desc: string | null;
  js_address: string | null;
  job_status: JobStatus;
  job_start: string | null;
  job_end: string | null;
}

export interface DispatchWeek {
  /** Monday of the week and the seven days, in the user's time zone. */
  start: string;
  days: string[];
  time_zone: string;
  engineers: DispatchEngineer[];
  visits: DispatchVisit[];
  unscheduled: { data: DispatchJob[]; totalCount: number; page: number; pageSize: number };
}

/** Puts a job on an engineer's lane at a time; job_end left out keeps the visit's length (new visits: DEFAULT_VISIT_HOURS). */
export interface DispatchMove {
  us_id: number;
  job_start: string;
  job_end?: string;
  /** The lane the visit was dragged from: that engineer leaves the job. */
  from_us_id?: number;
}
