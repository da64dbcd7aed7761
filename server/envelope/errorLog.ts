/**
 * A fault (500) is stored with its stack in global.error_logs; the browser only gets the id.
 * Writing the log must never turn one failure into two, so its own errors are only printed.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { globalDb, type RootDb } from '../db/types';

export async function logInternalError(root: RootDb | null, req: FastifyRequest, err: unknown): Promise<string> {
  const id = randomUUID();
  const error = err instanceof Error ? err : new Error(String(err));
  req.log.error({ err: error, errorId: id }, 'internal error');
  if (!root) return id;
  try {
    await globalDb(root)
      .insertInto('error_logs')
      .values({
        id,
        brand_schema: req.brand?.schema ?? null,
        method: req.method,
        url: req.url.slice(0, 2000),
        message: error.message.slice(0, 4000),
        stack: (error.stack ?? '').slice(0, 20000),
        us_id: req.user?.us_id ?? null,
      })
      .execute();
  } catch (logErr) {
    req.log.error({ err: logErr, errorId: id }, 'could not store the error log entry');
  }
  return id;
}
