/**
 * A fault (500) is stored with its stack in global.error_logs; the browser only gets the id.
 * Writing the log must never turn one failure into two, so its own errors are only printed.
 *
 * The log cannot be grown without limit, by anonymous requests least of all:
 * - the same fault (brand, method, route, error type, message with its numbers and quoted values
 *   masked, and the top of the stack) is one row: its id is derived from that fingerprint, a repeat
 *   updates the row (last seen, last URL, user and message) and adds itself to `occurrences`, and
 *   the answer shows the same id every time;
 * - each brand (and the brandless rest) keeps its newest ERROR_LOG_MAX_PER_BRAND rows (default
 *   1,000); a new row removes the oldest beyond that;
 * - in one process a fault is written at most once a second: repeats in between are counted in
 *   memory and added to the next write.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { globalDb, type RootDb } from '../db/types';

/** Rows each brand keeps (ERROR_LOG_MAX_PER_BRAND, default 1,000), read when a fault is written. */
export const errorLogMaxPerBrand = () => Math.max(1, Math.floor(Number(process.env.ERROR_LOG_MAX_PER_BRAND)) || 1000);
const WRITE_EVERY_MS = 1000;
const MAX_TRACKED = 1000;

/** fingerprint id → when it was last written and the repeats not written since. */
const recent = new Map<string, { writtenAt: number; pending: number }>();

/** Numbers, hex ids and quoted values vary between repeats of one fault; the fingerprint leaves them out. */
function masked(text: string): string {
  return text
    .replace(/"[^"]*"|'[^']*'/g, '?')
    .replace(/\b[0-9a-f]{8,}\b/gi, '#')
    .replace(/\d+/g, '#');
}

/** The top frames of the stack, without line and column (they name this build, not the fault). */
function topFrames(stack: string): string {
  return stack
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 5)
    .map((l) => l.trim().replace(/:\d+:\d+\)?$/, ''))
    .join('|');
}

/** A UUID-shaped id derived from what makes a fault the same fault. */
export function faultId(parts: { brand: string | null; method: string; route: string; error: Error }): string {
  const h = createHash('sha256')
    .update([parts.brand ?? '', parts.method, parts.route, parts.error.name, masked(parts.error.message), topFrames(parts.error.stack ?? '')].join('\u0001'))
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export async function logInternalError(root: RootDb | null, req: FastifyRequest, err: unknown): Promise<string> {
  const error = err instanceof Error ? err : new Error(String(err));
  const brand = req.brand?.schema ?? null;
  const route = req.routeOptions?.url ?? '(no route)';
  const id = faultId({ brand, method: req.method, route, error });
  req.log.error({ err: error, errorId: id }, 'internal error');
  if (!root) return id;

  const now = Date.now();
  const seen = recent.get(id);
  if (seen && now - seen.writtenAt < WRITE_EVERY_MS) {
    seen.pending++;
    return id;
  }
  const times = 1 + (seen?.pending ?? 0);
  if (recent.size >= MAX_TRACKED) recent.clear();
  recent.set(id, { writtenAt: now, pending: 0 });

  const message = error.message.slice(0, 4000);
  try {
    const g = globalDb(root);
    // created_at is insert-only in the table's type; a repeat moves it to now (last seen).
    const written = (
      await sql<{ inserted: boolean }>`
        insert into global.error_logs (id, brand_schema, method, url, message, stack, us_id, occurrences)
        values (${id}, ${brand}, ${req.method}, ${req.url.slice(0, 2000)}, ${message}, ${(error.stack ?? '').slice(0, 20000)}, ${req.user?.us_id ?? null}, ${times})
        on conflict (id) do update set
          created_at = now(), url = excluded.url, us_id = excluded.us_id,
          message = excluded.message, occurrences = error_logs.occurrences + ${times}
        returning xmax = 0 as inserted`.execute(root)
    ).rows[0];
    if (written?.inserted) {
      // A new row: the brand keeps its newest rows only.
      await g
        .deleteFrom('error_logs')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('error_logs')
            .select('id')
            .where(sql<boolean>`brand_schema is not distinct from ${brand}`)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .offset(errorLogMaxPerBrand()),
        )
        .execute();
    }
  } catch (logErr) {
    req.log.error({ err: logErr, errorId: id }, 'could not store the error log entry');
  }
  return id;
}
