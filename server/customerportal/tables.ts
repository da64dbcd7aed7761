/** The customer portal's own table (brand migration 0034) on top of the job, file and reference tables. */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { FileTables } from '../files/tables';
import type { JobTables } from '../jobs/tables';

export interface JobQuoteDecisionsTable {
  jqd_id: Generated<number>;
  job_id: number;
  us_id: number | null;
  jqd_decision: 'approve' | 'decline';
  jqd_name: string;
  jqd_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Columns of the reference tables beyond those the job area types (migration 0002). */
interface PortalRefTables {
  jobsites: { js_id: Generated<number>; js_address: string; js_city: string | null; js_postcode: string | null; js_other_notes: string | null };
  contacts: {
    co_id: Generated<number>;
    co_type: string;
    co_name: string;
    co_company: string | null;
    co_email: string | null;
    co_phone: string | null;
    co_address: string | null;
  };
  propertymanagers: { pm_id: Generated<number>; pm_name: string; pm_company: string | null; pm_email: string | null; pm_phone: string | null };
  jobsitecontacts: { jsc_id: Generated<number>; jsc_name: string; jsc_email: string | null; jsc_phone: string | null };
}

export type CustomerDb = Kysely<
  Omit<JobTables, keyof PortalRefTables> & PortalRefTables & Omit<FileTables, keyof JobTables> & { job_quote_decisions: JobQuoteDecisionsTable }
>;

export function customerDb(db: unknown): CustomerDb {
  if (!db) throw new Error('No brand database on this request');
  return db as CustomerDb;
}
