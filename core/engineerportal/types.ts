/** The engineer portal's own wire shapes on top of the job and cost types. */
import type { EngineerJobDetails } from '../jobs/costs/types';

/** The two work flags an engineer can raise on their job (POST engineerportal/{id}/issue and /remedial). */
export interface EngineerJobFlags {
  job_has_issue: boolean;
  job_has_remedial: boolean;
}

/** GET engineerportal/{id}/details and the answer of the flag calls. */
export type EngineerJob = EngineerJobDetails & EngineerJobFlags;

export type EngineerFlagName = 'issue' | 'remedial';

/** One row of GET engineerportal/notifications: a notification addressed to the engineer. */
export interface EngineerNotification {
  notif_id: number;
  notif_type: string;
  job_id: number | null;
  job_number: string | null;
  notif_params: Record<string, unknown>;
  created_by_name: string | null;
  created_at: string;
}

/** POST engineerportal/jobsitedetails and the answer of PATCH updateOtherNotes. */
export interface EngineerSite {
  js_id: number;
  js_address: string;
  js_city: string | null;
  js_postcode: string | null;
  js_other_notes: string | null;
}

/** One note of GET engineerportal/jobsitenotes?js_id=. */
export interface EngineerSiteNote {
  jsn_id: number;
  js_id: number;
  jsn_note: string;
  us_id: number | null;
  author: string | null;
  /** Written by the asking engineer: only these can be changed or deleted. */
  mine: boolean;
  created_at: string;
  updated_at: string | null;
}
