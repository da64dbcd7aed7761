/**
 * Job numbers: `<department prefix>-<n>`, n zero-padded to the site configuration's
 * jobNumberDigits. The per-department counter row is bumped with one upsert, so two saves at the
 * same moment queue on its row lock and never get the same number; call it inside the write's
 * transaction so a rolled-back save gives its number back (and the locks are held until commit).
 */
import { sql } from 'kysely';
import { SITE_CONFIG_DEFAULTS } from '../../core/siteconfig/siteConfig';
import type { JobDb } from './tables';

async function numberDigits(db: JobDb): Promise<number> {
  const row = await db.selectFrom('site_config').select('sc_value').where('sc_key', '=', 'jobNumberDigits').executeTakeFirst();
  const value = Number(row?.sc_value);
  return Number.isInteger(value) && value > 0 && value <= 12 ? value : SITE_CONFIG_DEFAULTS.jobNumberDigits;
}

export function formatJobNumber(prefix: string, n: number, digits: number): string {
  return `${prefix}-${String(n).padStart(digits, '0')}`;
}

/** How many numbers one look-up checks when skipping past numbers already taken. */
const CHECK_BATCH = 50;

/**
 * The department's next number that no job has yet. The counter alone can repeat a number when a
 * prefix is reused by another department or edited back to an old one; then the numbers already
 * taken are skipped and the counter moves past them. Two departments can share a prefix, so saves
 * queue on a transaction lock per prefix (not only on their own counter row) before they look.
 */
export async function nextJobNumber(db: JobDb, deId: number): Promise<string> {
  const dept = await db.selectFrom('departments').select('de_prefix').where('de_id', '=', deId).executeTakeFirstOrThrow();
  await sql`select pg_advisory_xact_lock(hashtext(${`job_number:${dept.de_prefix}`}))`.execute(db);
  const digits = await numberDigits(db);
  const counter = await db
    .insertInto('job_number_counters')
    .values({ de_id: deId, last_number: 1 })
    .onConflict((oc) => oc.column('de_id').doUpdateSet({ last_number: sql`job_number_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  let n = counter.last_number;
  for (;;) {
    const candidates = Array.from({ length: CHECK_BATCH }, (_, i) => formatJobNumber(dept.de_prefix, n + i, digits));
    const rows = await db.selectFrom('jobs').select('job_number').where('job_number', 'in', candidates).execute();
    const taken = new Set(rows.map((r) => r.job_number));
    const free = candidates.findIndex((c) => !taken.has(c));
    if (free >= 0) {
      n += free;
      break;
    }
    n += CHECK_BATCH;
  }
  if (n !== counter.last_number) await db.updateTable('job_number_counters').set({ last_number: n }).where('de_id', '=', deId).execute();
  return formatJobNumber(dept.de_prefix, n, digits);
}
