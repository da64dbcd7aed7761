/**
 * Invoices, quotes and credit notes: one set of rules with per-kind names. Creating numbers them
 * (INV-0001, QU-0001, CN-0001), prices the lines against the tenant's tax rates and links the
 * contact (by ContactID, or by Name: matched among active contacts or created, as Xero does).
 */
import { randomUUID } from 'node:crypto';
import { batchAnswer, inputOf, type Outcome } from './batch';
import { contactWire } from './contacts';
import { elementsOf, summarizes, tenantOf, type XeroCall, type XeroHandler } from './context';
import { wireOf } from './records';
import type { Stored, Tenant } from './state';
import { envelope, isoNoZone, msDate, notFound, parseXeroDate, validationException } from './wire';

interface Kind {
  key: 'Invoices' | 'Quotes' | 'CreditNotes';
  id: 'InvoiceID' | 'QuoteID' | 'CreditNoteID';
  number: 'InvoiceNumber' | 'QuoteNumber' | 'CreditNoteNumber';
  prefix: string;
  counter: keyof Tenant['numbers'];
  records: 'invoices' | 'quotes' | 'creditNotes';
  /** Quotes carry no Type; the others must say one of these. */
  types: string[] | null;
  errorFlag: 'HasErrors' | null;
}

const INVOICE: Kind = {
  key: 'Invoices',
  id: 'InvoiceID',
  number: 'InvoiceNumber',
  prefix: 'INV-',
  counter: 'invoice',
  records: 'invoices',
  types: ['ACCREC', 'ACCPAY'],
  errorFlag: 'HasErrors',
};
const QUOTE: Kind = { key: 'Quotes', id: 'QuoteID', number: 'QuoteNumber', prefix: 'QU-', counter: 'quote', records: 'quotes', types: null, errorFlag: null };
const CREDIT_NOTE: Kind = {
  key: 'CreditNotes',
  id: 'CreditNoteID',
  number: 'CreditNoteNumber',
  prefix: 'CN-',
  counter: 'creditNote',
  records: 'creditNotes',
  types: ['ACCRECCREDIT', 'ACCPAYCREDIT'],
  errorFlag: 'HasErrors',
};

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;
const DAY = 86_400_000;

/** A document date as stored: midnight UTC of the day sent (today when absent). */
const dayOf = (value: unknown, now: number): number => Math.floor((parseXeroDate(typeof value === 'string' ? value : undefined) ?? now) / DAY) * DAY;

/** Prices the lines (LineAmount, TaxAmount) and totals them under the document's LineAmountTypes. */
function price(tenant: Tenant, data: Record<string, unknown>, errors: string[]): void {
  const mode = String(data.LineAmountTypes ?? 'Exclusive').toUpperCase();
  const lines = ((data.LineItems as Record<string, unknown>[] | undefined) ?? []).map((line) => {
    const qty = typeof line.Quantity === 'number' ? line.Quantity : 1;
    const unit = typeof line.UnitAmount === 'number' ? line.UnitAmount : 0;
    const discount = typeof line.DiscountRate === 'number' ? line.DiscountRate : 0;
    const amount = typeof line.LineAmount === 'number' ? line.LineAmount : round2(qty * unit * (1 - discount / 100));
    const taxType = typeof line.TaxType === 'string' ? line.TaxType : mode === 'NOTAX' ? 'NONE' : 'OUTPUT2';
    const rate = tenant.taxRates.find((r) => r.TaxType === taxType && r.Status === 'ACTIVE');
    if (!rate) errors.push(`The TaxType code '${taxType}' does not exist or cannot be used with this type of transaction.`);
    const pct = mode === 'NOTAX' ? 0 : (rate?.EffectiveRate ?? 0);
    const tax = mode === 'INCLUSIVE' ? round2(amount - amount / (1 + pct / 100)) : round2((amount * pct) / 100);
    return {
      ...line,
      LineItemID: typeof line.LineItemID === 'string' ? line.LineItemID : randomUUID(),
      Quantity: qty,
      UnitAmount: unit,
      TaxType: taxType,
      LineAmount: amount,
      TaxAmount: tax,
    };
  });
  const totalTax = round2(lines.reduce((s, l) => s + l.TaxAmount, 0));
  const lineSum = round2(lines.reduce((s, l) => s + l.LineAmount, 0));
  const subTotal = mode === 'INCLUSIVE' ? round2(lineSum - totalTax) : lineSum;
  Object.assign(data, { LineItems: lines, SubTotal: subTotal, TotalTax: totalTax, Total: round2(subTotal + totalTax) });
}

/**
 * Xero books an approved invoice's or credit note's lines to a ledger account: each line names one
 * (AccountCode) or an item that carries its sales account; otherwise the element is refused.
 */
function requireAccounts(tenant: Tenant, data: Record<string, unknown>, errors: string[]): void {
  const itemAccount = (code: unknown) => {
    const item = [...tenant.items.values()].find((i) => i.data.Code === code);
    return (item?.data.SalesDetails as Record<string, unknown> | undefined)?.AccountCode;
  };
  for (const line of (data.LineItems as Record<string, unknown>[] | undefined) ?? []) {
    const account = line.AccountCode ?? itemAccount(line.ItemCode);
    if (typeof account !== 'string' || account.trim() === '') errors.push("Account code '' is not a valid code for this document.");
  }
}

/**
 * The document's contact: an existing ContactID, or a Name matched among active contacts or made
 * new (`created`, saved only with the document, so a refused element leaves no contact behind).
 */
function linkContact(
  contacts: Map<string, Stored>,
  contact: unknown,
  now: number,
  errors: string[],
): { wire: Record<string, unknown> | null; created?: Stored } {
  const c = (contact ?? {}) as Record<string, unknown>;
  if (typeof c.ContactID === 'string') {
    const found = contacts.get(c.ContactID.toLowerCase());
    if (!found) errors.push(`The contact with ID ${c.ContactID} could not be found.`);
    return { wire: found ? contactWire(found) : null };
  }
  if (typeof c.Name === 'string' && c.Name.trim() !== '') {
    const name = c.Name.trim().toLowerCase();
    const found = [...contacts.values()].find((s) => s.data.ContactStatus === 'ACTIVE' && String(s.data.Name).trim().toLowerCase() === name);
    if (found) return { wire: contactWire(found) };
    const id = randomUUID();
    const created = { id, updatedMs: now, data: { ...inputOf(c), ContactID: id, ContactStatus: 'ACTIVE' } };
    return { wire: contactWire(created), created };
  }
  errors.push('A Contact must be specified for this type of transaction');
  return { wire: null };
}

interface Drafts {
  documents: Map<string, Stored>;
  contacts: Map<string, Stored>;
  numbers: Tenant['numbers'];
}

function saveOne(kind: Kind, tenant: Tenant, drafts: Drafts, element: Record<string, unknown>, now: number): Outcome {
  const draft = drafts.documents;
  const input = inputOf(element);
  const givenId = input[kind.id];
  const existing = typeof givenId === 'string' ? draft.get(givenId.toLowerCase()) : undefined;
  if (typeof givenId === 'string' && !existing) return { wire: element, errors: [`${kind.id} ${givenId} could not be found.`] };
  const errors: string[] = [];
  const data: Record<string, unknown> = {
    Status: 'DRAFT',
    CurrencyCode: 'GBP',
    LineAmountTypes: kind === QUOTE ? 'EXCLUSIVE' : 'Exclusive',
    ...existing?.data,
    ...input,
  };
  if (kind.types && !kind.types.includes(String(data.Type))) errors.push(`The document Type must be one of ${kind.types.join(', ')}.`);
  const link = !existing || input.Contact !== undefined ? linkContact(drafts.contacts, input.Contact ?? existing?.data.Contact, now, errors) : null;
  if (link) data.Contact = link.wire;
  const date = dayOf(data.Date, now);
  Object.assign(data, { Date: msDate(date), DateString: isoNoZone(date) });
  for (const field of ['DueDate', 'ExpiryDate'] as const) {
    if (data[field] === undefined) continue;
    const day = dayOf(data[field], now);
    Object.assign(data, { [field]: msDate(day), [`${field}String`]: isoNoZone(day) });
  }
  price(tenant, data, errors);
  if (kind !== QUOTE && data.Status !== 'DRAFT') requireAccounts(tenant, data, errors);
  if (errors.length > 0) return { wire: element, errors };
  const id = existing?.id ?? randomUUID();
  data[kind.id] = id;
  if (link?.created) drafts.contacts.set(link.created.id, link.created);
  if (!existing && typeof data[kind.number] !== 'string') data[kind.number] = `${kind.prefix}${String(++drafts.numbers[kind.counter]).padStart(4, '0')}`;
  if (kind === INVOICE) Object.assign(data, { AmountDue: data.Total, AmountPaid: 0, AmountCredited: 0, HasErrors: false });
  if (kind === CREDIT_NOTE) Object.assign(data, { RemainingCredit: data.Total, HasErrors: false });
  const stored = { id, updatedMs: now, data };
  draft.set(id, stored);
  return { wire: wireOf(stored), errors: [] };
}

function save(kind: Kind, call: XeroCall, elements: Record<string, unknown>[]) {
  const tenant = tenantOf(call);
  // Documents, numbering and contacts created by Name are kept only when the batch is saved.
  const drafts: Drafts = { documents: new Map(tenant[kind.records]), contacts: new Map(tenant.contacts), numbers: { ...tenant.numbers } };
  const outcomes = elements.map((e) => saveOne(kind, tenant, drafts, e, call.now));
  return batchAnswer(outcomes, {
    now: call.now,
    key: kind.key,
    summarize: summarizes(call),
    errorFlag: kind.errorFlag,
    commit: () => {
      Object.assign(tenant, { [kind.records]: drafts.documents, contacts: drafts.contacts, numbers: drafts.numbers });
    },
  });
}

const handlersFor = (kind: Kind, names: { create: string; upsert: string; get: string; update: string }) => ({
  [names.create]: (call: XeroCall) => save(kind, call, elementsOf(call, kind.key)),
  [names.upsert]: (call: XeroCall) => save(kind, call, elementsOf(call, kind.key)),
  [names.get]: (call: XeroCall) => {
    const found = tenantOf(call)[kind.records].get(call.params[kind.id]?.toLowerCase() ?? '');
    return found ? { status: 200, body: envelope(call.now, kind.key, [wireOf(found)]) } : notFound();
  },
  [names.update]: (call: XeroCall) => {
    const id = call.params[kind.id]?.toLowerCase() ?? '';
    if (!tenantOf(call)[kind.records].has(id)) return notFound();
    const [first] = elementsOf(call, kind.key);
    return save(kind, call, [{ ...first, [kind.id]: id }]);
  },
});

/** GET /Invoices/{InvoiceID}/OnlineInvoice: a link for a sent invoice; Xero has none for a draft. */
const getOnlineInvoice: XeroHandler = (call) => {
  const found = tenantOf(call).invoices.get(call.params.InvoiceID?.toLowerCase() ?? '');
  if (!found) return notFound();
  if (found.data.Status === 'DRAFT') return validationException([{ ValidationErrors: [{ Message: 'Online invoices are not available for draft invoices.' }] }]);
  return { status: 200, body: envelope(call.now, 'OnlineInvoices', [{ OnlineInvoiceUrl: `${call.baseUrl}/xero/online/invoice/${found.id}` }]) };
};

export const documentHandlers: Record<string, XeroHandler> = {
  ...handlersFor(INVOICE, { create: 'createInvoices', upsert: 'updateOrCreateInvoices', get: 'getInvoice', update: 'updateInvoice' }),
  ...handlersFor(QUOTE, { create: 'createQuotes', upsert: 'updateOrCreateQuotes', get: 'getQuote', update: 'updateQuote' }),
  ...handlersFor(CREDIT_NOTE, {
    create: 'createCreditNotes',
    upsert: 'updateOrCreateCreditNotes',
    get: 'getCreditNote',
    update: 'updateCreditNote',
  }),
  getOnlineInvoice,
};
