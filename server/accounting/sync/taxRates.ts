/**
 * The tax-rate pull: GET /TaxRates (one call: Xero does not page tax rates), upserted by TaxType.
 * The local choices (xtr_visible, is_default) are never written by the pull, so they survive it;
 * a rate that vanished from Xero is marked DELETED rather than removed (rows may still name it).
 */
import { SYNC_OFF } from '../../../core/accounting/constants';
import { registerAccountingTask } from '../queue/tasks';
import { pullTask, type SyncStep } from './run';

export const TAXRATE_PULL = 'pull-taxrates';

interface XeroTaxRate {
  TaxType: string;
  Name?: string;
  Status?: string;
  ReportTaxType?: string;
  EffectiveRate?: number;
}

const step: SyncStep = async ({ trx, api }) => {
  const answer = await api.call<{ TaxRates?: XeroTaxRate[] }>('GET', '/TaxRates');
  const rates = (answer.body?.TaxRates ?? []).filter((r) => typeof r.TaxType === 'string' && r.TaxType !== '');
  const now = new Date();
  for (const r of rates) {
    const values = {
      name: r.Name ?? r.TaxType,
      status: r.Status ?? 'ACTIVE',
      type: r.ReportTaxType ?? null,
      effective_rate: Number(r.EffectiveRate ?? 0),
      updated_at: now,
    };
    await trx
      .insertInto('xero_taxrates')
      .values({ tax_type: r.TaxType, ...values })
      .onConflict((oc) => oc.column('tax_type').doUpdateSet(values))
      .execute();
  }
  const seen = rates.map((r) => r.TaxType);
  let gone = trx.updateTable('xero_taxrates').set({ status: 'DELETED', updated_at: now }).where('status', '<>', 'DELETED');
  if (seen.length > 0) gone = gone.where('tax_type', 'not in', seen);
  await gone.execute();
  await trx
    .updateTable('xero_sync_state')
    .set({ next_page: SYNC_OFF, phase: null, progress_done: rates.length, progress_total: rates.length, last_error: null, notice: null })
    .where('resource', '=', 'taxrates')
    .execute();
  return false;
};

registerAccountingTask(TAXRATE_PULL, pullTask('taxrates', step));
