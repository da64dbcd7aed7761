/**
 * The Xero calls of a batch of section pushes of one type: the clients' contacts (those without an
 * accounting id made in Xero first, in one call, under an Idempotency-Key of their own), the rows'
 * tax types, the documents themselves (one PUT with the batch's key, so a repeated call gives
 * Xero's first answer back instead of second documents) and, where asked, invoices' online links.
 */
import { createHash } from 'node:crypto';
import type { InvoiceType } from '../../../core/enums';
import type { AnyDb } from '../../resources/hooks';
import { NotFound, UnexpectedAnswer, Validation } from '../../integrations/http/errors';
import type { XeroApi } from '../xero/api';
import { DOCUMENT_KINDS, noClient, xeroDocument, type DocumentSite, type SectionContent } from './payload';

export interface PushedDocument {
  id: string;
  number: string;
  url: string;
}

/** A push that cannot succeed as it is (Xero refused the content): failed at once, with Xero's words. */
export class PushRefused extends Error {
  constructor(
    readonly code: 'SYNC_WAS_UNSUCCESSFUL' | 'XE_RESULT_ERR' | 'XE_CONT_NOTEX_ONXERO' | 'XE_COUNT_ERR',
    message: string,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;

/** Xero takes up to 100 contacts in one PUT. */
const CONTACTS_PER_CALL = 100;

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

function elementsOf(body: unknown, key: string): Body[] {
  const list = (body as Body | null)?.[key];
  if (!Array.isArray(list)) throw new UnexpectedAnswer('xero', 200, body);
  return list as Body[];
}

/** An element Xero refused (summarizeErrors=false): its own validation messages. */
const refusedElement = (e: Body | undefined): string[] | null => {
  if (!e) return ['Xero did not answer this element.'];
  const messages = validationMessages([e]);
  return e.StatusAttributeString === 'ERROR' || e.HasErrors === true || e.HasValidationErrors === true || messages.length > 0 ? messages : null;
};

type Client = NonNullable<SectionContent['client']>;

/** Xero's ids are GUIDs: anything else stored (imported data, another system's numbers) is not one Xero knows. */
const knownId = (client: Client) => (client.xero_contact_id && GUID.test(client.xero_contact_id) ? client.xero_contact_id : null);

/**
 * The Xero contact ids of `clients` (co_id → id, or why none): the stored ones, and for the rest one
 * PUT /Contacts for them all (up to 100) whose Idempotency-Key is made of the clients sent, so the
 * same clients retried after a lost answer get Xero's first answer. A client refused by Xero's
 * unique-name rule is the organisation's contact of that name (found by a search) when it has one.
 */
async function contactIds(db: AnyDb, schema: string, api: XeroApi, clients: Client[], fresh = false): Promise<Map<number, string | PushRefused>> {
  const out = new Map<number, string | PushRefused>();
  const wanted = new Map<number, Client>();
  for (const c of clients) {
    const id = fresh ? null : knownId(c);
    if (id) out.set(c.co_id, id);
    else wanted.set(c.co_id, c);
  }
  const list = [...wanted.values()].sort((a, b) => a.co_id - b.co_id);
  for (let i = 0; i < list.length; i += CONTACTS_PER_CALL) {
    const part = list.slice(i, i + CONTACTS_PER_CALL);
    const key = createHash('sha256')
      .update(`${schema}:${api.tenantId}:contacts:${part.map((c) => `${c.co_id}:${c.name}`).join(',')}`)
      .digest('hex');
    const made = await api.call('PUT', '/Contacts', {
      query: { summarizeErrors: false },
      body: { Contacts: part.map((c) => ({ Name: c.name, ...(c.email ? { EmailAddress: c.email } : {}) })) },
      headers: { 'Idempotency-Key': key },
    });
    const answered = elementsOf(made.body, 'Contacts');
    if (answered.length !== part.length) {
      const refused = new PushRefused('XE_COUNT_ERR', `Xero answered ${answered.length} contacts for the ${part.length} sent.`);
      for (const client of part) out.set(client.co_id, refused);
      continue;
    }
    for (const [n, client] of part.entries()) {
      const refused = refusedElement(answered[n]);
      const id = refused ? await sameNamed(api, client) : String(answered[n].ContactID);
      if (!id) {
        out.set(client.co_id, new PushRefused('XE_CONT_NOTEX_ONXERO', refused?.join(' ') || 'The contact could not be made in Xero.'));
        continue;
      }
      out.set(client.co_id, id);
      const before = client.xero_contact_id;
      await db
        .updateTable('contacts')
        .set({ xero_contact_id: id })
        .where('co_id', '=', client.co_id)
        .where((eb) => (before === null ? eb('xero_contact_id', 'is', null) : eb('xero_contact_id', '=', before)))
        .execute();
    }
  }
  return out;
}

/** Xero's unique-name rule refused the client: the organisation already has it (no contact sync yet), so that one is used. */
async function sameNamed(api: XeroApi, client: Client): Promise<string | null> {
  const found = await api.call<Body>('GET', '/Contacts', { query: { searchTerm: client.name } });
  const same = ((found.body.Contacts as Body[] | undefined) ?? []).find((c) => String(c.Name).trim().toLowerCase() === client.name.toLowerCase());
  return same ? String(same.ContactID) : null;
}

interface RateRow {
  tax_type: string;
  effective_rate: number;
}

type TaxChoice = { taxType: string; rate: number };

/**
 * The Xero TaxTypes a batch's rows may use: the brand's pulled rates first (the default, then
 * visible ones), and the organisation's revenue rates read from Xero (once for the batch) when a
 * row's rate is not among the pulled ones (tax rates not pulled yet).
 */
async function taxChoices(db: AnyDb, api: XeroApi, rates: number[]): Promise<TaxChoice[]> {
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
  const choices = local.map((r) => ({ taxType: r.tax_type, rate: Number(r.effective_rate) }));
  if (rates.every((rate) => choices.some((c) => c.rate === rate))) return choices;
  const answer = await api.call<Body>('GET', '/TaxRates');
  const remote = ((answer.body.TaxRates as Body[] | undefined) ?? []).filter((r) => r.Status === 'ACTIVE' && r.CanApplyToRevenue !== false);
  return [...choices, ...remote.map((r) => ({ taxType: String(r.TaxType), rate: Number(r.EffectiveRate) }))];
}

function taxTypesOf(choices: TaxChoice[], rates: number[]): string[] {
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

/**
 * A link that opens the document. With `online`, Xero's online invoice for an invoice (one more
 * call per invoice, so only where a person waits for it: generatexeroinvoice, retry now); else the
 * document in Xero.
 */
async function documentUrl(api: XeroApi, type: InvoiceType, id: string, online: boolean): Promise<string> {
  // The fallbacks below open Xero's own app (a Xero sign-in); isOnlineInvoiceUrl tells them apart from the online invoice.
  if (type === 'INVOICE' || type === 'ADVANCE_PAYMENT') {
    if (online) {
      try {
        const answer = await api.call<Body>('GET', `/Invoices/${id}/OnlineInvoice`);
        const url = (answer.body.OnlineInvoices as Body[] | undefined)?.[0]?.OnlineInvoiceUrl;
        if (typeof url === 'string') return url;
      } catch {
        // The document exists; a missing link is not worth failing (or repeating) the push for.
      }
    }
    return `${XERO_APP}AccountsReceivable/View.aspx?InvoiceID=${id}`;
  }
  if (type === 'CREDIT_NOTE') return `${XERO_APP}AccountsReceivable/ViewCreditNote.aspx?creditNoteID=${id}`;
  return `${XERO_APP}app/quotes/view/${id}`;
}

const XERO_APP = 'https://go.xero.com/';

/**
 * The stored document link when it is Xero's online invoice (public, where the client views and pays
 * it): an invoice or advance payment whose link is not the fallback into Xero's own app. Null otherwise.
 */
export function onlineInvoiceUrl(type: string | null, url: string | null): string | null {
  if ((type !== 'INVOICE' && type !== 'ADVANCE_PAYMENT') || !url || url.startsWith(XERO_APP)) return null;
  return /^https?:\/\//.test(url) ? url : null;
}

export interface BatchItem {
  content: SectionContent;
  /** The queue row's creation: the document's date. */
  issuedAt: Date;
}

export interface BatchInput {
  db: AnyDb;
  schema: string;
  api: XeroApi;
  type: InvoiceType;
  items: BatchItem[];
  /** The batch's Idempotency-Key (kept on its queue rows, so a retried batch repeats it). */
  key: string;
  site: DocumentSite;
  /** Ask Xero for each invoice's online link (a call per invoice). */
  onlineLinks: boolean;
  /**
   * Called before part of the batch is sent again under a key of its own (their stored contact ids
   * were unknown to the organisation and the contacts were made again): the caller records the key
   * on those rows, so a lost answer to that call is retried with it too.
   */
  rekey: (indices: number[], key: string) => Promise<void>;
}

/** Each item's outcome: its document, or why it failed (a PushRefused, an AppError, or a passing error of its own call). */
export type ItemResult = { ok: true; document: PushedDocument } | { ok: false; error: unknown };

/**
 * Sends a batch of sections as documents of one type in one PUT (summarizeErrors=false, so Xero
 * answers each element: a refused one fails only its item). An error of the whole call (429, 503,
 * a lost answer, a refused grant) is thrown, for the caller to record on every row of the batch.
 */
export async function pushBatch(p: BatchInput): Promise<ItemResult[]> {
  const kind = DOCUMENT_KINDS[p.type];
  const results: (ItemResult | null)[] = p.items.map((item) => (item.content.client ? null : { ok: false, error: noClient() }));
  const open = () => results.flatMap((r, i) => (r === null ? [i] : []));
  const choices = await taxChoices(
    p.db,
    p.api,
    open().flatMap((i) => p.items[i].content.rows.map((r) => r.tax_rate)),
  );
  const taxes = new Map<number, string[]>();
  for (const i of open()) {
    try {
      taxes.set(
        i,
        taxTypesOf(
          choices,
          p.items[i].content.rows.map((r) => r.tax_rate),
        ),
      );
    } catch (error) {
      results[i] = { ok: false, error };
    }
  }
  const items = await knownItems(
    p.db,
    open().flatMap((i) => p.items[i].content.rows.map((r) => r.item_code)),
  );
  const clientOf = (i: number) => p.items[i].content.client!;
  const contacts = await contactIds(p.db, p.schema, p.api, open().map(clientOf));
  const document = (i: number, contact: string) =>
    xeroDocument({
      content: p.items[i].content,
      type: p.type,
      contactId: contact,
      taxTypes: taxes.get(i)!,
      knownItems: items,
      issuedAt: p.items[i].issuedAt,
      site: p.site,
    });

  /** One PUT of `indices` (with their contact ids) under `key`; answers the indices refused for an unknown contact id. */
  const send = async (indices: number[], ids: Map<number, string | PushRefused>, key: string): Promise<number[]> => {
    const sendable: number[] = [];
    for (const i of indices) {
      const id = ids.get(clientOf(i).co_id);
      if (typeof id === 'string') sendable.push(i);
      else results[i] = { ok: false, error: id ?? new PushRefused('XE_CONT_NOTEX_ONXERO', 'The contact could not be made in Xero.') };
    }
    if (sendable.length === 0) return [];
    let answered: Body[];
    try {
      const answer = await p.api.call('PUT', kind.path, {
        query: { summarizeErrors: false },
        body: { [kind.key]: sendable.map((i) => document(i, ids.get(clientOf(i).co_id) as string)) },
        headers: { 'Idempotency-Key': key },
      });
      answered = elementsOf(answer.body, kind.key);
    } catch (error) {
      if (error instanceof Validation)
        throw new PushRefused('SYNC_WAS_UNSUCCESSFUL', validationMessages(error.body).join(' ') || 'Xero refused the documents.');
      if (error instanceof NotFound) throw new PushRefused('XE_RESULT_ERR', 'Xero did not find the document endpoint.');
      throw error;
    }
    // Xero answers the elements in the order sent; with another count no answer can be matched to its document.
    if (answered.length !== sendable.length) {
      const refused = new PushRefused('XE_COUNT_ERR', `Xero answered ${answered.length} documents for the ${sendable.length} sent.`);
      for (const i of sendable) results[i] = { ok: false, error: refused };
      return [];
    }
    const unknownContact: number[] = [];
    for (const [n, i] of sendable.entries()) {
      const element = answered[n];
      const refused = refusedElement(element);
      if (refused) {
        const contact = ids.get(clientOf(i).co_id);
        if (contact === knownId(clientOf(i)) && refused.some((m) => /contact/i.test(m))) unknownContact.push(i);
        else results[i] = { ok: false, error: new PushRefused('XE_RESULT_ERR', refused.join(' ') || 'Xero refused the document.') };
        continue;
      }
      const id = element[kind.id];
      const number = element[kind.number];
      results[i] =
        typeof id === 'string' && typeof number === 'string'
          ? { ok: true, document: { id, number, url: await documentUrl(p.api, p.type, id, p.onlineLinks) } }
          : { ok: false, error: new PushRefused('XE_RESULT_ERR', 'Xero answered without the document id or number.') };
    }
    return unknownContact;
  };

  const again = await send(open(), contacts, p.key);
  if (again.length > 0) {
    // Stored contact ids this organisation does not know (the brand connected another one since): the contacts are made again, once.
    const missing = [];
    for (const i of again) {
      if (await contactMissing(p.api, knownId(clientOf(i))!)) missing.push(i);
      else results[i] = { ok: false, error: new PushRefused('XE_RESULT_ERR', "Xero refused the document's contact.") };
    }
    if (missing.length > 0) {
      const remade = await contactIds(p.db, p.schema, p.api, missing.map(clientOf), true);
      const key = createHash('sha256')
        .update(`${p.key}:${missing.map((i) => remade.get(clientOf(i).co_id)).join(',')}`)
        .digest('hex');
      await p.rekey(missing, key);
      try {
        const still = await send(missing, remade, key);
        for (const i of still) results[i] = { ok: false, error: new PushRefused('XE_CONT_NOTEX_ONXERO', 'Xero does not know the contact made for it.') };
      } catch (error) {
        for (const i of missing) results[i] ??= { ok: false, error };
      }
    }
  }
  return results.map((r) => r ?? { ok: false, error: new PushRefused('XE_RESULT_ERR', 'Xero did not answer this document.') });
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
