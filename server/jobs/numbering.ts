/**
 * Job numbers: `<department prefix>-<n>`, n zero-padded to the site configuration's
 * jobNumberDigits. The per-department counter row is bumped with one upsert, so two saves at the
 * same moment queue on its row lock and never get the same number; call it inside the write's
 * transaction so a rolled-back save gives its number back.
 */
import { sql } from 'kysely';
import { SITE_CONFIG_DEFAULTS } from '../../src/siteconfig/siteConfig';
import type { JobDb } from './tables';

async function numberDigits(db: JobDb): Promise<number> {
  const row = await db.selectFrom('site_config').select('sc_value').where('sc_key', '=', 'jobNumberDigits').executeTakeFirst();
  const value = Number(row?.sc_value);
  return Number.isInteger(value) && value > 0 && value <= 12 ? value : SITE_CONFIG_DEFAULTS.jobNumberDigits;
}

export function formatJobNumber(prefix: string, n: number, digits: number): string {
  return `${prefix}-${String(n).padStart(digits, '0')}`;
}

export async function nextJobNumber(db: JobDb, deId: number): Promise<string> {
  const [counter, dept, digits] = [
    await db
      .insertInto('job_number_counters')
      .values({ de_id: deId, last_number: 1 })
      .onConflict((oc) => oc.column('de_id').doUpdateSet({ last_number: sql`job_number_counters.last_number + 1` }))
      .returning('last_number')
      .executeTakeFirstOrThrow(),
    await db.selectFrom('departments').select('de_prefix').where('de_id', '=', deId).executeTakeFirstOrThrow(),
    await numberDigits(db),
  ];
  return formatJobNumber(dept.de_prefix, counter.last_number, digits);
}
