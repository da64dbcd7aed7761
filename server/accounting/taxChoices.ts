/**
 * The tax rates the sales and cost rows offer (GET globalparams/list `tax_rates`): the brand's
 * visible rates, the default first, for every logged-in user who edits rows, not only the admins
 * who manage them. Empty while the brand has no accounting feature: the rows then keep their
 * plain numeric rate.
 */
import type { FastifyRequest } from 'fastify';
import { checkAccess } from '../../core/access/access';
import { ACCOUNTING_FEATURES, type TaxRateChoice } from '../../core/accounting/constants';
import type { AnyDb } from '../resources/hooks';

export const taxChoiceSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { xtr_id: { type: 'integer' }, name: { type: 'string' }, effective_rate: { type: 'number' }, is_default: { type: 'boolean' } },
  },
};

export async function visibleTaxRates(req: FastifyRequest): Promise<TaxRateChoice[]> {
  if (!checkAccess({ requiredFeatures: ACCOUNTING_FEATURES }, { role: req.user!.role, features: req.brand?.config.features }).ok) return [];
  const rows = await (req.db! as unknown as AnyDb)
    .selectFrom('xero_taxrates')
    .select(['xtr_id', 'name', 'effective_rate', 'is_default'])
    .where('xtr_visible', '=', true)
    .where('status', '=', 'ACTIVE')
    .orderBy('is_default', 'desc')
    .orderBy('effective_rate', 'desc')
    .orderBy('name')
    .orderBy('xtr_id')
    .execute();
  return rows.map((r) => ({ ...r, effective_rate: Number(r.effective_rate) })) as TaxRateChoice[];
}
