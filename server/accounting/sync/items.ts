/**
 * The item pull. Xero's GET /Items does not page (it answers every item at once and ignores
 * `page`), so the pull is one call, upserted by Code. A full pull (SPEC point 9: only while no
 * item exists, checked by the route) asks for everything; later pulls send If-Modified-Since, the
 * time Xero gave at the previous pull's answer (DateTimeUTC), so only changed items come back.
 */
import { SYNC_OFF } from '../../../core/accounting/constants';
import { registerAccountingTask } from '../queue/tasks';
import { pullTask, type SyncStep } from './run';
import { ifModifiedSince, xeroDate } from './state';

export const ITEM_PULL = 'pull-items';

interface XeroItem {
  Code?: string;
  Name?: string;
  Description?: string;
  UpdatedDateUTC?: string;
  SalesDetails?: { UnitPrice?: number };
}

/** The sales price kept with the item (2 decimals, as the rows hold money); null without one. */
export function unitPriceOf(i: XeroItem): string | null {
  const price = i.SalesDetails?.UnitPrice;
  return typeof price === 'number' && Number.isFinite(price) ? price.toFixed(2) : null;
}

const step: SyncStep = async ({ trx, api, state, data }) => {
  const since = !data.full && state.modified_since ? new Date(state.modified_since) : null;
  const answer = await api.call<{ Items?: XeroItem[]; DateTimeUTC?: string }>('GET', '/Items', {
    headers: since ? { 'If-Modified-Since': ifModifiedSince(since) } : {},
  });
  const items = (answer.body?.Items ?? []).filter((i): i is XeroItem & { Code: string } => typeof i.Code === 'string' && i.Code !== '');
  const now = new Date();
  for (const i of items) {
    const values = {
      name: i.Name || i.Code,
      description: i.Description ?? null,
      unit_price: unitPriceOf(i),
      updated_utc: xeroDate(i.UpdatedDateUTC),
      last_update: now,
    };
    await trx
      .insertInto('xero_items')
      .values({ code: i.Code, ...values })
      .onConflict((oc) => oc.column('code').doUpdateSet(values))
      .execute();
  }
  await trx
    .updateTable('xero_sync_state')
    .set({
      next_page: SYNC_OFF,
      phase: null,
      progress_done: items.length,
      progress_total: items.length,
      modified_since: xeroDate(answer.body?.DateTimeUTC) ?? now,
      last_error: null,
      notice: null,
    })
    .where('resource', '=', 'items')
    .execute();
  return false;
};

registerAccountingTask(ITEM_PULL, pullTask('items', step));
