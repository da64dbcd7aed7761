/**
 * Keeping idle grants alive: a refresh token that is never used lapses (Xero's after 60 days), so a
 * brand that makes no call for weeks would find itself disconnected. renewIdleGrants renews every
 * active grant of every brand not renewed for IDLE_MS; the upkeep timer (../upkeep.ts) runs it.
 * One grant's failure is reported and the others go on.
 */
import { brandDb, globalDb, isBrandSchemaName, type RootDb } from '../../db/types';
import { renewIdleGrant, type IdleRenewal } from './grants';
import type { OAuthDb } from './tables';

const DAY_MS = 86_400_000;
/** Half of Xero's 60 days: a missed run or two still leaves time. */
export const IDLE_MS = 30 * DAY_MS;

export interface KeepAliveOptions {
  idleMs?: number;
  clock?: () => number;
  onError?: (err: unknown, where: { schema: string; grantId: number }) => void;
}

export type KeepAliveReport = Record<IdleRenewal | 'failed', number>;

export async function renewIdleGrants(root: RootDb, opts: KeepAliveOptions = {}): Promise<KeepAliveReport> {
  const clock = opts.clock ?? Date.now;
  const idleBefore = new Date(clock() - (opts.idleMs ?? IDLE_MS));
  const onError = opts.onError ?? ((err, where) => console.error(`[keep-alive] ${where.schema} grant ${where.grantId}`, err));
  const report: KeepAliveReport = { renewed: 0, refused: 0, skipped: 0, failed: 0 };
  const sites = await globalDb(root).selectFrom('sites').select('schema_name').where('schema_name', 'is not', null).orderBy('s_id').execute();
  for (const { schema_name: schema } of sites) {
    if (!schema || !isBrandSchemaName(schema)) continue;
    const db = brandDb(root, schema) as unknown as OAuthDb;
    const idle = await db
      .selectFrom('oauth_grants')
      .select('og_id')
      .where('status', '=', 'active')
      .where('refresh_token_enc', 'is not', null)
      .where((eb) => eb(eb.fn.coalesce('last_refresh_at', 'connected_at'), '<', idleBefore))
      .orderBy('og_id')
      .execute();
    for (const { og_id } of idle) {
      try {
        report[await renewIdleGrant(db, og_id, idleBefore, clock)] += 1;
      } catch (err) {
        report.failed += 1;
        onError(err, { schema, grantId: og_id });
      }
    }
  }
  return report;
}
