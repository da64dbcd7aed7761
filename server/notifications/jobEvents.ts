/**
 * The notifications raised by events of a job's life beyond its own fields, each called inside the
 * transaction of the write that is the event (so a refused write raises nothing):
 * - NEW_PURCHASE_INVOICE: purchase rows added to a sales section, or purchase-invoice files
 *   uploaded to the job (a duplicated section is a copy of known rows, not a new invoice);
 * - ADVANCE_PAYMENT: a sales section created as, or changed to, an advance-payment invoice;
 * - TO_REPORT (report to the client): an engineer submitted a report on the job;
 * - REPORT_MISSING: the job was completed or signed off while an engineer on it has no report.
 * Recipients are the job's audience (its assigned users, else the operator group; raise.ts).
 */
import type { JobDb } from '../jobs/tables';
import { raiseNotification } from './raise';

/** A sales section as the sales events compare it before and after a write. */
export interface SectionShape {
  jss_invoice_type: string;
  purchaseRows: number;
}

interface JobRef {
  job_id: number;
  job_number: string | null;
}

/** Statuses that end the work on a job: from here on every engineer's report is expected. */
export const FINISHED_STATUSES: readonly string[] = ['COMPLETED', 'SIGNED_OFF'];

export async function notifySalesSection(
  db: JobDb,
  job: JobRef,
  actor: number,
  jssId: number,
  before: SectionShape | null,
  after: SectionShape,
): Promise<void> {
  const params = { job_number: job.job_number, jss_id: jssId };
  const added = after.purchaseRows - (before?.purchaseRows ?? 0);
  if (added > 0) await raiseNotification(db, { type: 'NEW_PURCHASE_INVOICE', job_id: job.job_id, actor, params: { ...params, rows: added } });
  if (after.jss_invoice_type === 'ADVANCE_PAYMENT' && before?.jss_invoice_type !== 'ADVANCE_PAYMENT') {
    await raiseNotification(db, { type: 'ADVANCE_PAYMENT', job_id: job.job_id, actor, params });
  }
}

export async function notifyPurchaseInvoiceFiles(db: JobDb, jobId: number, actor: number, files: { file_id: number; name: string }[]): Promise<void> {
  if (!files.length) return;
  const job = await db.selectFrom('jobs').select('job_number').where('job_id', '=', jobId).executeTakeFirst();
  await raiseNotification(db, {
    type: 'NEW_PURCHASE_INVOICE',
    job_id: jobId,
    actor,
    params: { job_number: job?.job_number ?? null, file_ids: files.map((f) => f.file_id), names: files.map((f) => f.name) },
  });
}

export async function notifyEngineerReport(db: JobDb, jobId: number, engineer: number, erId: number): Promise<void> {
  const row = await db
    .selectFrom('jobs as j')
    .leftJoin('users as u', (join) => join.on('u.us_id', '=', engineer))
    .select(['j.job_number', 'u.fullname'])
    .where('j.job_id', '=', jobId)
    .executeTakeFirst();
  await raiseNotification(db, {
    type: 'TO_REPORT',
    job_id: jobId,
    actor: engineer,
    params: { job_number: row?.job_number ?? null, er_id: erId, engineer: row?.fullname ?? null },
  });
}

/** The job's engineers without any report on it, with their names. */
export async function engineersWithoutReport(db: JobDb, jobId: number): Promise<{ us_id: number; fullname: string | null }[]> {
  return db
    .selectFrom('job_engineers as e')
    .innerJoin('users as u', 'u.us_id', 'e.us_id')
    .select(['e.us_id', 'u.fullname'])
    .where('e.job_id', '=', jobId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('engineer_reports as r').select('r.er_id').whereRef('r.job_id', '=', 'e.job_id').whereRef('r.us_id', '=', 'e.us_id'))),
    )
    .orderBy('u.fullname')
    .execute();
}

/** Called when a job's status changed: finishing it with engineers' reports missing says so. */
export async function notifyMissingReports(db: JobDb, job: JobRef, actor: number, from: string | null, to: string | null): Promise<void> {
  if (!to || !FINISHED_STATUSES.includes(to) || (from && FINISHED_STATUSES.includes(from))) return;
  const missing = await engineersWithoutReport(db, job.job_id);
  if (!missing.length) return;
  await raiseNotification(db, {
    type: 'REPORT_MISSING',
    job_id: job.job_id,
    actor,
    params: { job_number: job.job_number, job_status: to, engineers: missing.map((m) => m.us_id), names: missing.map((m) => m.fullname) },
  });
}
