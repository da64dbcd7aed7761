/**
 * The Xero calls of one section push: the client's contact (made in Xero first when it has no
 * accounting id, under an Idempotency-Key of its own), the rows' tax types, the document itself
 * (PUT with the queue row's key, so a repeated call gives Xero's first answer back instead of a
 * second document) and, for invoices, the online-invoice link.
 */
import { createHash } from 'node:crypto';
import type { InvoiceType } from '../../../core/enums';
import type { AnyDb } from '../../resources/hooks';
import { NotFound, UnexpectedAnswer, Validation } from '../../integrations/http/errors';
import type { XeroApi } from '../xero/api';
import { DOCUMENT_KINDS, noClient, xeroDocument, type SectionContent } from './payload';

export interface PushedDocument {
  id: string;
  number: string;
  url: string;
}

/** A push that cannot succeed as it is (Xero refused the content): failed at once, with Xero's words. */
export class PushRefused extends Error {
  constructor(
    readonly code: 'SYNC_WAS_UNSUCCESSFUL' | 'XE_RESULT_ERR' | 'XE_CONT_NOTEX_ONXERO',
    message: string,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Xero's validation messages of a refused batch or element. */
export function validationMessages(body: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'ValidationErrors' && Array.isArray(v)) {
          for (const e of v) if (typeof e?.Message === 'string') out.push(e.Message);
        } else if (typeof v === 'object') walk(v);
      }
    }
  };
  walk(body);
  return [...new Set(out)];
}

function firstElement(body: unknown, key: string): Body {
  const list = (body as Body | null)?.[key];
  if (!Array.isArray(list) || list.length === 0 || typeof list[0] !== 'object') throw new UnexpectedAnswer('xero', 200, body);
  return list[0] as Body;
}

/** The client's Xero contact id: the stored one, or a contact made in Xero (or found by its unique name) and stored in its place. */
async function contactId(db: AnyDb, schema: string, api: XeroApi, client: NonNullable<SectionContent['client']>, fresh = false): Promise<string> {
  // Xero's ids are GUIDs: anything else stored (imported data, another system's numbers) is not one Xero knows.
  if (!fresh && client.xero_contact_id && GUID.test(client.xero_contact_id)) return client.xero_contact_id;
  let id: string;
  try {
    const key = createHash('sha256').update(`${schema}:${api.tenantId}:contact:${client.co_id}:${client.name}`).digest('hex');
    const made = await api.call('PUT', '/Contacts', {
      body: { Contacts: [{ Name: client.name, ...(client.email ? { EmailAddress: client.email } : {}) }] },
      headers: { 'Idempotency-Key': key },
    });
    id = String(firstElement(made.body, 'Contacts').ContactID);
  } catch (error) {
    if (!(error instanceof Validation)) throw error;
    // Xero's unique-name rule: the organisation already has this client (no contact sync yet); use it.
    const found = await api.call<Body>('GET', '/Contacts', { query: { searchTerm: client.name } });
    const same = ((found.body.Contacts as Body[] | undefined) ?? []).find((c) => String(c.Name).trim().toLowerCase() === client.name.toLowerCase());
    if (!same) throw new PushRefused('XE_CONT_NOTEX_ONXERO', validationMessages(error.body).join(' ') || 'The contact could not be made in Xero.');
    id = String(same.ContactID);
  }
  const before = client.xero_contact_id;
  await db
    .updateTable('contacts')
    .set({ xero_contact_id: id })
    .where('co_id', '=', client.co_id)
    .where((eb) => (before === null ? eb('xero_contact_id', 'is', null) : eb('xero_contact_id', '=', before)))
    .execute();
  return id;
}

interface RateRow {
  tax_type: string;
  effective_rate: number;
}

/**
 * The Xero TaxType of each row's rate: the brand's pulled rates first (the default, then visible
 * ones), else the organisation's revenue rates read from Xero (tax rates not pulled yet).
 */
async function taxTypes(db: AnyDb, api: XeroApi, rates: number[]): Promise<string[]> {
  if (rates.length === 0) return [];
  const local = (await db
    .selectFrom('xero_taxrates')
    .select(['tax_type', 'effective_rate'])
    .where('status', '=', 'ACTIVE')
    .where((eb) => eb.or([eb('type', 'is', null), eb('type', 'not in', ['INPUT', 'EXEMPTINPUT'])]))
    .where('tax_type', 'not like', '%INPUT%')
    .orderBy('is_default', 'desc')
    .orderBy('xtr_visible', 'desc')
    .orderBy('xtr_id')
    .execute()) as RateRow[];
  let choices = local.map((r) => ({ taxType: r.tax_type, rate: Number(r.effective_rate) }));
  const missing = () => rates.some((rate) => !choices.some((c) => c.rate === rate));
  if (missing()) {
    const answer = await api.call<Body>('GET', '/TaxRates');
    const remote = ((answer.body.TaxRates as Body[] | undefined) ?? []).filter((r) => r.Status === 'ACTIVE' && r.CanApplyToRevenue !== false);
    choices = [...choices, ...remote.map((r) => ({ taxType: String(r.TaxType), rate: Number(r.EffectiveRate) }))];
  }
  return rates.map((rate) => {
    const hit = choices.find((c) => c.rate === rate);
    if (!hit) throw new PushRefused('SYNC_WAS_UNSUCCESSFUL', `Xero has no tax rate of ${rate}% for sales.`);
    return hit.taxType;
  });
}

async function knownItems(db: AnyDb, codes: (string | null)[]): Promise<Set<string>> {
  const wanted = [...new Set(codes.filter((c): c is string => !!c))];
  if (!wanted.length) return new Set();
  const rows = await db.selectFrom('xero_items').select('code').where('code', 'in', wanted).execute();
  return new Set(rows.map((r) => String(r.code)));
}

/** A link that opens the document: Xero's online invoice for an invoice, else the document in Xero. */
async function documentUrl(api: XeroApi, type: InvoiceType, id: string): Promise<string> {
  if (type === 'INVOICE' || type === 'ADVANCE_PAYMENT') {
    try {
      const online = await api.call<Body>('GET', `/Invoices/${id}/OnlineInvoice`);
      const url = (online.body.OnlineInvoices as Body[] | undefined)?.[0]?.OnlineInvoiceUrl;
      if (typeof url === 'string') return url;
    } catch {
      // The document exists; a missing link is not worth failing (or repeating) the push for.
    }
    return `https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=${id}`;
  }
  if (type === 'CREDIT_NOTE') return `https://go.xero.com/AccountsReceivable/ViewCreditNote.aspx?creditNoteID=${id}`;
  return `https://go.xero.com/app/quotes/view/${id}`;
}

export interface PushInput {
  db: AnyDb;
  schema: string;
  api: XeroApi;
  content: SectionContent;
  type: InvoiceType;
  key: string;
  issuedAt: Date;
  invoiceDueDays: number;
}

export async function pushDocument(p: PushInput): Promise<PushedDocument> {
  const client = p.content.client;
  if (!client) throw noClient();
  const kind = DOCUMENT_KINDS[p.type];
  const taxes = await taxTypes(
    p.db,
    p.api,
    p.content.rows.map((r) => r.tax_rate),
  );
  const items = await knownItems(
    p.db,
    p.content.rows.map((r) => r.item_code),
  );
  const put = async (contact: string, key: string) => {
    const document = xeroDocument({
      content: p.content,
      type: p.type,
      contactId: contact,
      taxTypes: taxes,
      knownItems: items,
      issuedAt: p.issuedAt,
      invoiceDueDays: p.invoiceDueDays,
    });
    const answer = await p.api.call('PUT', kind.path, { body: { [kind.key]: [document] }, headers: { 'Idempotency-Key': key } });
    return firstElement(answer.body, kind.key);
  };
  const contact = await contactId(p.db, p.schema, p.api, client);
  let element: Body;
  try {
    try {
      element = await put(contact, p.key);
    } catch (error) {
      // A stored contact id this organisation does not know (the brand connected another one since): make the contact again, once.
      if (!(error instanceof Validation) || contact !== client.xero_contact_id || !(await contactMissing(p.api, contact))) throw error;
      const again = await contactId(p.db, p.schema, p.api, client, true);
      element = await put(again, createHash('sha256').update(`${p.key}:${again}`).digest('hex'));
    }
  } catch (error) {
    if (error instanceof Validation) throw new PushRefused('SYNC_WAS_UNSUCCESSFUL', validationMessages(error.body).join(' ') || 'Xero refused the document.');
    if (error instanceof NotFound) throw new PushRefused('XE_RESULT_ERR', 'Xero did not find the document endpoint.');
    throw error;
  }
  const id = element[kind.id];
  const number = element[kind.number];
  if (typeof id !== 'string' || typeof number !== 'string') throw new PushRefused('XE_RESULT_ERR', 'Xero answered without the document id or number.');
  return { id, number, url: await documentUrl(p.api, p.type, id) };
}

async function contactMissing(api: XeroApi, id: string): Promise<boolean> {
  try {
    await api.call('GET', `/Contacts/${id}`);
    return false;
  } catch (error) {
    if (error instanceof NotFound) return true;
    throw error;
  }
}
