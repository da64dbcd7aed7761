/**
 * A pull as an accounting task: the brand's connection is looked up, then `step` runs page by page
 * (each in its own transaction holding the resource's state row, so two workers of a brand take
 * turns and every page's rows and cursor commit together) until it says the sync is finished.
 * Passing trouble (429, 503, the budget) leaves the cursor where it is and asks the queue to retry
 * at Xero's time; a refused grant stops the sync with XE_AUTH_ERR; anything else with its code.
 */
import type { Transaction } from 'kysely';
import type { SyncResource } from '../../../core/accounting/constants';
import { RateLimited, Unavailable } from '../../integrations/http/errors';
import type { OAuthDb } from '../../integrations/oauth/tables';
import { connectionOf, latestXeroGrant } from '../connection';
import type { AccountingTask, TaskContext } from '../queue/tasks';
import { xeroApi, xeroCodeOf, type XeroApi } from '../xero/api';
import { lockState, updateState } from './state';
import type { SyncDb, SyncTables } from './tables';

/** How long to wait after a 503 that named no time. */
const UNAVAILABLE_RETRY_MS = 30_000;

export interface StepContext {
  trx: Transaction<SyncTables>;
  api: XeroApi;
  state: NonNullable<Awaited<ReturnType<typeof lockState>>>;
  data: Record<string, unknown>;
}

/** One page of work; answers true while more remains. */
export type SyncStep = (ctx: StepContext) => Promise<boolean>;

export function pullTask(resource: SyncResource, step: SyncStep): AccountingTask {
  return async (ctx: TaskContext) => {
    const db = ctx.db as unknown as SyncDb;
    const connection = connectionOf(await latestXeroGrant(ctx.db as unknown as OAuthDb));
    if (!connection.connected) {
      await updateState(db, resource, { last_error: 'XE_AUTH_ERR' });
      return { status: 'failed', code: 'XE_AUTH_ERR' };
    }
    const api = xeroApi(ctx.db as unknown as OAuthDb, ctx.schema, connection);
    try {
      for (;;) {
        if (ctx.stopping()) return { status: 'retry', retryAt: new Date() };
        const more = await db.transaction().execute(async (trx) => {
          const state = await lockState(trx, resource);
          // Finished (or never asked for) meanwhile, e.g. by another worker: nothing to do.
          if (!state || state.next_page === 0 || state.last_error) return false;
          return step({ trx, api, state, data: ctx.data });
        });
        if (!more) return { status: 'done' };
      }
    } catch (error) {
      if (error instanceof RateLimited) return { status: 'retry', retryAt: error.retryAt };
      if (error instanceof Unavailable) return { status: 'retry', retryAt: error.retryAt ?? new Date(Date.now() + UNAVAILABLE_RETRY_MS) };
      const code = xeroCodeOf(error);
      await updateState(db, resource, { last_error: code, notice: error instanceof Error ? error.message.slice(0, 500) : null });
      return { status: 'failed', code };
    }
  };
}
