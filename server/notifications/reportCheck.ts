/**
 * The "engineer not reported" check (ENGINEER_NOT_REPORTED): a job whose end has passed while an
 * engineer on it has not sent a report. Nothing happens at that moment, so a timer looks for such
 * jobs: once at server start and then every REPORT_CHECK_INTERVAL_S seconds (default 900; 0 turns
 * it off), over every brand with jobs on.
 *
 * Each engineer of each job is announced once per job end: job_report_overdue (migration 0016)
 * keeps what was announced, and the claim is an insert-or-update of that row, so several server
 * processes running the check at the same moment announce it once between them. A rescheduled job
 * whose new end passes too is announced again. Only jobs that ended within REPORT_LOOKBACK_DAYS are
 * looked at (a first run on an old database does not announce its whole past), never drafts nor
 * cancelled or on-hold jobs.
 */
import { sql } from 'kysely';
import { isFeatureOn, type FeatureTree } from '../../core/access/access';
import { brandDb, globalDb, isBrandSchemaName, type RootDb } from '../db/types';
import { jobDb, type JobDb } from '../jobs/tables';
import { raiseNotification } from './raise';

export const REPORT_LOOKBACK_DAYS = 30;
const SKIPPED_STATUSES = ['CANCELLED', 'ON_HOLD'];
/** At most this many engineer-jobs per brand and run; the next run takes the rest. */
const BATCH = 500;

export function reportCheckIntervalMs(): number {
  const seconds = Number(process.env.REPORT_CHECK_INTERVAL_S ?? 900);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 900_000;
}

/** One brand: announces the overdue reports not announced yet; returns how many were announced. */
export async function checkOverdueReports(db: JobDb, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - REPORT_LOOKBACK_DAYS * 86_400_000);
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('jobs as j')
      .innerJoin('job_engineers as e', 'e.job_id', 'j.job_id')
      .innerJoin('users as u', 'u.us_id', 'e.us_id')
      .select(['j.job_id', 'j.job_number', 'j.job_end', 'e.us_id', 'u.fullname'])
      .where('j.job_end', '<', now)
      .where('j.job_end', '>=', since)
      .where('j.job_number', 'is not', null)
      .where((eb) => eb.or([eb('j.job_status', 'is', null), eb('j.job_status', 'not in', SKIPPED_STATUSES)]))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('engineer_reports as r').select('r.er_id').whereRef('r.job_id', '=', 'j.job_id').whereRef('r.us_id', '=', 'e.us_id'))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('job_report_overdue as o')
              .select('o.job_id')
              .whereRef('o.job_id', '=', 'j.job_id')
              .whereRef('o.us_id', '=', 'e.us_id')
              .whereRef('o.job_end', '=', 'j.job_end'),
          ),
        ),
      )
      .orderBy('j.job_end')
      .orderBy('j.job_id')
      .limit(BATCH)
      .execute();
    let announced = 0;
    for (const row of due) {
      const end = row.job_end as Date;
      const claimed = await trx
        .insertInto('job_report_overdue')
        .values({ job_id: row.job_id, us_id: row.us_id, job_end: end })
        .onConflict((oc) =>
          oc
            .columns(['job_id', 'us_id'])
            .doUpdateSet({ job_end: end, created_at: now })
            .where(sql<Date>`job_report_overdue.job_end`, '<>', end),
        )
        .returning('job_id')
        .executeTakeFirst();
      if (!claimed) continue;
      await raiseNotification(trx, {
        type: 'ENGINEER_NOT_REPORTED',
        job_id: row.job_id,
        actor: null,
        params: { job_number: row.job_number, us_id: row.us_id, engineer: row.fullname, job_end: end.toISOString() },
      });
      announced += 1;
    }
    return announced;
  });
}

/** Every brand whose site configuration has jobs on. */
export async function checkAllBrands(root: RootDb, now = new Date()): Promise<number> {
  const sites = await globalDb(root).selectFrom('sites').select(['schema_name', 'config']).where('schema_name', 'is not', null).orderBy('s_id').execute();
  let total = 0;
  for (const s of sites) {
    if (!s.schema_name || !isBrandSchemaName(s.schema_name)) continue;
    if (!isFeatureOn((s.config as { features?: FeatureTree }).features, 'job.enabled')) continue;
    total += await checkOverdueReports(jobDb(brandDb(root, s.schema_name)), now);
  }
  return total;
}

export interface ReportCheck {
  /** Runs the check now (skipped while a run is still going); the number announced. */
  runNow(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts the timer: a first run at once, then one every interval. Errors are reported, never thrown. */
export function startReportCheck(root: RootDb, opts: { intervalMs?: number; onError?: (err: unknown) => void } = {}): ReportCheck {
  const intervalMs = opts.intervalMs ?? reportCheckIntervalMs();
  const onError = opts.onError ?? ((err: unknown) => console.error('[report check]', err));
  let running: Promise<number> | null = null;
  const runNow = () => {
    running ??= checkAllBrands(root)
      .catch((err) => {
        onError(err);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  if (intervalMs === 0) return { runNow, stop: async () => undefined };
  void runNow();
  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();
  return {
    runNow,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
