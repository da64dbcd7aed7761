/** GET /Items (whole, If-Modified-Since), PUT/POST /Items upserting by Code, GET /TaxRates, GET /Organisation. */
import { randomUUID } from 'node:crypto';
import { batchAnswer, inputOf, type Outcome } from './batch';
import { elementsOf, summarizes, tenantOf, type XeroHandler } from './context';
import { modifiedSince, wireOf } from './records';
import type { Stored } from './state';
import { taxRateWire } from './taxRates';
import { envelope, msDate } from './wire';

const byCode = (items: Map<string, Stored>, code: unknown) =>
  [...items.values()].find((i) => typeof code === 'string' && String(i.data.Code).toLowerCase() === code.toLowerCase());

function upsertItem(draft: Map<string, Stored>, element: Record<string, unknown>, now: number): Outcome {
  const input = inputOf(element);
  const existing = byCode(draft, input.Code);
  const errors: string[] = [];
  if (typeof input.Code !== 'string' || input.Code.trim() === '') errors.push('Item code must be specified.');
  else if (input.Code.length > 30) errors.push('The Code must not be more than 30 characters long.');
  if (typeof input.Name === 'string' && input.Name.length > 50) errors.push('The Name must not be more than 50 characters long.');
  if (typeof input.Description === 'string' && input.Description.length > 4000) errors.push('The Description must not be more than 4000 characters long.');
  if (errors.length > 0) return { wire: element, errors };
  const id = existing?.id ?? randomUUID();
  const data: Record<string, unknown> = { IsTrackedAsInventory: false, ...existing?.data, ...input, ItemID: id };
  data.IsSold = data.SalesDetails !== undefined || data.IsSold === true;
  data.IsPurchased = data.PurchaseDetails !== undefined || data.IsPurchased === true;
  const stored = { id, updatedMs: now, data };
  draft.set(id, stored);
  return { wire: { ...wireOf(stored), ValidationErrors: [] }, errors: [] };
}

const getItems: XeroHandler = (call) => ({
  status: 200,
  body: envelope(call.now, 'Items', modifiedSince(call, tenantOf(call).items.values()).map(wireOf)),
});

const upsertItems: XeroHandler = (call) => {
  const tenant = tenantOf(call);
  const draft = new Map(tenant.items);
  const outcomes = elementsOf(call, 'Items').map((e) => upsertItem(draft, e, call.now));
  return batchAnswer(outcomes, {
    now: call.now,
    key: 'Items',
    summarize: summarizes(call),
    errorFlag: null,
    commit: () => {
      tenant.items = draft;
    },
  });
};

const getTaxRates: XeroHandler = (call) => ({ status: 200, body: envelope(call.now, 'TaxRates', tenantOf(call).taxRates.map(taxRateWire)) });

const getOrganisations: XeroHandler = (call) => {
  const t = tenantOf(call);
  const org = {
    OrganisationID: t.organisationId,
    APIKey: '',
    Name: t.name,
    LegalName: t.name,
    PaysTax: true,
    Version: 'UK',
    OrganisationType: 'COMPANY',
    OrganisationEntityType: 'COMPANY',
    BaseCurrency: 'GBP',
    CountryCode: 'GB',
    IsDemoCompany: false,
    OrganisationStatus: 'ACTIVE',
    FinancialYearEndDay: 31,
    FinancialYearEndMonth: 3,
    SalesTaxBasis: 'ACCRUALS',
    SalesTaxPeriod: 'QUARTERLY1',
    DefaultSalesTax: 'Tax Exclusive',
    DefaultPurchasesTax: 'Tax Inclusive',
    CreatedDateUTC: msDate(t.createdMs),
    Timezone: 'GMTSTANDARDTIME',
    ShortCode: t.shortCode,
    Class: 'STANDARD',
    Edition: 'BUSINESS',
    Addresses: [],
    Phones: [],
    ExternalLinks: [],
    PaymentTerms: {},
  };
  return { status: 200, body: envelope(call.now, 'Organisations', [org]) };
};

export const itemHandlers: Record<string, XeroHandler> = {
  getItems,
  createItems: upsertItems,
  updateOrCreateItems: upsertItems,
  getTaxRates,
  getOrganisations,
};

/** Seeds items straight into a tenant (control API), upserting by Code like POST /Items. */
export function seedItems(items: Map<string, Stored>, rows: Record<string, unknown>[], now: number): Record<string, unknown>[] {
  return rows.map((row) => {
    const { updatedMs, ...rest } = row;
    const outcome = upsertItem(items, rest, typeof updatedMs === 'number' ? updatedMs : now);
    if (outcome.errors.length > 0) throw new Error(outcome.errors.join(' '));
    return outcome.wire;
  });
}
