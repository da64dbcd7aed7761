/**
 * "Sync this account now" from a request. With the workers running (server/start.ts sets
 * `app.mailSyncQueue.current`), the sync goes through the same pg-boss queue as the ticker, so
 * the queue's singleton key dedupes it against a sync already waiting. Without workers (tests,
 * tools that build the app alone) the sync runs in the background of this process; the
 * account's lease still keeps it to one sync at a time. Either way the caller answers 202 at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { syncAccount } from '../sync/syncAccount';
import { mailDb } from '../tables';

export interface MailSyncQueue {
  /** Queues a sync of one account of one brand schema; false when one is already waiting. */
  enqueue(schema: string, accountId: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's mail queue once its workers run; null without workers. */
    mailSyncQueue: { current: MailSyncQueue | null };
  }
}

export function decorateMailSyncQueue(app: FastifyInstance): void {
  if (!app.hasDecorator('mailSyncQueue')) app.decorate('mailSyncQueue', { current: null });
}

export async function requestSync(req: FastifyRequest, accountId: number): Promise<'queued' | 'started'> {
  const queue = req.server.mailSyncQueue?.current;
  const schema = req.brand!.schema;
  if (queue) {
    await queue.enqueue(schema, accountId);
    return 'queued';
  }
  // The brand-bound instance is shared per schema and outlives the request.
  const db = mailDb(req.db);
  void syncAccount(db, accountId, { fileStore: req.server.fileStore }).catch((err) => req.log.error({ err, accountId }, 'background mail sync failed'));
  return 'started';
}
