/** POST jobs/bulk (issue 28): one change applied to the selected jobs, each job checked on its own. */
import type { JobStatus, JobTag } from '../../enums';

export const BULK_ACTIONS = ['status', 'addTag', 'removeTag', 'assignOperator'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** At most this many jobs a request (a few sheet pages). */
export const BULK_MAX_JOBS = 200;

export interface BulkBody {
  job_ids: number[];
  action: BulkAction;
  job_status?: JobStatus;
  job_tag?: JobTag;
  us_id?: number;
}

export interface BulkAnswer {
  changed: number[];
  /** Jobs left as they were, with the reason (the same text a change of that one job would answer). */
  refused: { job_id: number; message: string }[];
}
