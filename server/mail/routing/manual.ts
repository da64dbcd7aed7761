/**
 * A person's link or unlink (mails/assignjob, triage's one-click filing): each link is recorded as
 * theirs, and the mail's routing row too, so no later sync reroutes the mail.
 */
import { sql, type Kysely } from 'kysely';
import type { RoutingDb } from './tables';

/** `job` null: the mail was taken off its last job; a job still without a number is named by nothing. */
export async function recordManual(db: RoutingDb, maId: number, usId: number, job: { job_number: string | null } | null): Promise<void> {
  const values = {
    mr_reason: job === null ? ('manual_unlink' as const) : ('manual' as const),
    mr_params: JSON.stringify(job === null ? {} : { job: job.job_number ?? '' }),
    mr_suggestions: '[]',
    mr_by_us_id: usId,
    mr_manual: true,
    mr_at: sql<Date>`now()`,
  };
  await db
    .insertInto('mail_routing')
    .values({ ma_id: maId, ...values })
    .onConflict((oc) => oc.column('ma_id').doUpdateSet(values))
    .execute();
}

/** Links the mail to the job as the user's own decision (a link the router made becomes theirs). */
export async function linkByHand(db: RoutingDb, maId: number, jobId: number, usId: number): Promise<void> {
  const values = { mjl_reason: 'manual', mjl_by_us_id: usId, mjl_at: sql<Date>`now()` };
  await db
    .insertInto('mail_job_links')
    .values({ ma_id: maId, job_id: jobId, ...values })
    .onConflict((oc) => oc.columns(['ma_id', 'job_id']).doUpdateSet(values))
    .execute();
}

/** Takes the mail off the given jobs. */
export async function unlinkByHand(db: RoutingDb, maId: number, jobIds: number[]): Promise<void> {
  if (!jobIds.length) return;
  await db.deleteFrom('mail_job_links').where('ma_id', '=', maId).where('job_id', 'in', jobIds).execute();
}

/**
 * Moves the accounts' change stamp, whose trigger (brand migration 0046) raises the live `mail`
 * event: every user of the account sees the triage count and lists change without a sync.
 */
export async function announceFiling(db: RoutingDb, accountIds: number[]): Promise<void> {
  if (!accountIds.length) return;
  // Through the builder, so the brand's schema applies (raw SQL would not be rewritten).
  const stamped = db as unknown as Kysely<{ mailaccounts: { mailaccount_id: number; ma_changed_at: Date | null } }>;
  await stamped
    .updateTable('mailaccounts')
    .set({ ma_changed_at: sql<Date>`clock_timestamp()` })
    .where('mailaccount_id', 'in', [...new Set(accountIds)])
    .execute();
}
