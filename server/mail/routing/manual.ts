/** A person's link or unlink (mails/assignjob, triage's one-click filing): recorded as theirs, so no later sync reroutes the mail. */
import { sql } from 'kysely';
import type { RoutingDb } from './tables';

/** `job` null: the mail was taken off its job; a job still without a number is named by nothing. */
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
