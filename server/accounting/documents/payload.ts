/**
 * What a sales section is sent to Xero as: its content read once (section, rows, the job's client),
 * a hash of that content (a new hash means a new payload, so a new Idempotency-Key), and the Xero
 * document built from it. The document's dates come from the queue row's creation, not from "now",
 * so a retry days later sends the same document.
 */
import { createHash } from 'node:crypto';
import type { InvoiceType } from '../../../core/enums';
import type { JobDb } from '../../jobs/tables';
import { salesSiteValues } from '../../jobs/sales/siteValues';
import { accountingError } from '../errors';

export interface SectionContent {
  jss_id: number;
  job_id: number;
  job_number: string | null;
  title: string | null;
  due_date: string | null;
  expiry_days: number;
  /** The client: jobs.co_id, else the job site's lead client. */
  client: { co_id: number; name: string; email: string | null; xero_contact_id: string | null } | null;
  rows: { description: string | null; item_code: string | null; qty: number; unit: number; tax_rate: number }[];
}

/** The section's content, or null when it is not a section of that job. */
export async function readSection(db: JobDb, jobId: number, jssId: number): Promise<SectionContent | null> {
  const section = await db
    .selectFrom('job_sales_sections as s')
    .innerJoin('jobs as j', 'j.job_id', 's.job_id')
    .select(['s.jss_id', 's.job_id', 's.jss_title', 's.jss_due_date', 's.jss_expiry_days', 'j.job_number', 'j.co_id', 'j.js_id'])
    .where('s.jss_id', '=', jssId)
    .where('s.job_id', '=', jobId)
    .executeTakeFirst();
  if (!section) return null;
  const rows = await db
    .selectFrom('job_sales_items')
    .select(['description', 'item_code', 'qty', 'net_unit_sales', 'tax_rate'])
    .where('jss_id', '=', jssId)
    .orderBy('ordering')
    .orderBy('sales_id')
    .execute();
  return {
    jss_id: section.jss_id,
    job_id: section.job_id,
    job_number: section.job_number,
    title: section.jss_title,
    due_date: section.jss_due_date ? section.jss_due_date.toISOString().slice(0, 10) : null,
    expiry_days: section.jss_expiry_days,
    client: await clientOf(db, section.co_id, section.js_id),
    rows: rows.map((r) => ({
      description: r.description,
      item_code: r.item_code,
      qty: Number(r.qty),
      unit: Number(r.net_unit_sales),
      tax_rate: Number(r.tax_rate),
    })),
  };
}

// contacts.co_email and xero_contact_id (migration 0002) are not in the jobs' typed view of contacts.
interface ContactRow {
  co_id: number;
  co_name: string;
  co_company: string | null;
  co_email: string | null;
  xero_contact_id: string | null;
}

async function clientOf(db: JobDb, coId: number | null, jsId: number | null): Promise<SectionContent['client']> {
  let id = coId;
  if (id === null && jsId !== null) {
    const lead = await db
      .selectFrom('jobsite_clients')
      .select('co_id')
      .where('js_id', '=', jsId)
      .orderBy('is_lead', 'desc')
      .orderBy('co_id')
      .executeTakeFirst();
    id = lead?.co_id ?? null;
  }
  if (id === null) return null;
  const row = (await db.selectFrom('contacts').selectAll().where('co_id', '=', id).executeTakeFirst()) as unknown as ContactRow | undefined;
  if (!row) return null;
  // Xero names a contact once per organisation: the company when there is one, as on the PDF.
  return { co_id: row.co_id, name: (row.co_company || row.co_name).trim(), email: row.co_email, xero_contact_id: row.xero_contact_id };
}

/** A hash of what is sent: the rows, dates, type and client, not the Xero ids found on the way. */
export function contentHash(content: SectionContent, type: InvoiceType): string {
  const { client, ...rest } = content;
  const stable = { ...rest, type, client: client ? { co_id: client.co_id, name: client.name } : null };
  return createHash('sha256').update(JSON.stringify(stable)).digest('hex');
}

/** Stable per brand, section, type and payload: a retry (after a lost answer or a restart) repeats it. Xero takes 128 characters at most. */
export function idempotencyKey(schema: string, jssId: number, type: InvoiceType, payloadHash: string): string {
  return createHash('sha256').update(`${schema}:salessection:${jssId}:${type}:${payloadHash}`).digest('hex');
}

/** Xero's endpoint and id and number fields of each invoice type; ADVANCE_PAYMENT is an ACCREC invoice marked as such. */
export const DOCUMENT_KINDS = {
  INVOICE: { path: '/Invoices', key: 'Invoices', id: 'InvoiceID', number: 'InvoiceNumber' },
  ADVANCE_PAYMENT: { path: '/Invoices', key: 'Invoices', id: 'InvoiceID', number: 'InvoiceNumber' },
  CREDIT_NOTE: { path: '/CreditNotes', key: 'CreditNotes', id: 'CreditNoteID', number: 'CreditNoteNumber' },
  QUOTE: { path: '/Quotes', key: 'Quotes', id: 'QuoteID', number: 'QuoteNumber' },
} as const satisfies Record<InvoiceType, { path: string; key: string; id: string; number: string }>;

const day = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

export interface DocumentInput {
  content: SectionContent;
  type: InvoiceType;
  contactId: string;
  /** Xero TaxType per row (same order as content.rows). */
  taxTypes: string[];
  /** Item codes Xero knows; a row's code is sent only when it is one of them (Xero refuses unknown codes). */
  knownItems: ReadonlySet<string>;
  /** The queue row's creation: the document's date. */
  issuedAt: Date;
  site: DocumentSite;
}

/** The brand's site configuration a document needs. */
export interface DocumentSite {
  /** For a section without its own due date. */
  invoiceDueDays: number;
  /** Every line is booked to it (approved invoices and credit notes need one). */
  salesAccountCode: string;
}

/** The Xero document (one element of Invoices, CreditNotes or Quotes). */
export function xeroDocument(i: DocumentInput): Record<string, unknown> {
  const { content, type } = i;
  const reference = [content.job_number, content.title].filter(Boolean).join(' – ') || `Job ${content.job_id}`;
  const LineItems = content.rows.map((r, n) => ({
    Description: r.description || r.item_code || '-',
    Quantity: r.qty,
    UnitAmount: r.unit,
    TaxType: i.taxTypes[n],
    AccountCode: i.site.salesAccountCode,
    ...(r.item_code && i.knownItems.has(r.item_code) ? { ItemCode: r.item_code } : {}),
  }));
  const base = { Contact: { ContactID: i.contactId }, Date: day(i.issuedAt), LineAmountTypes: 'Exclusive', LineItems };
  const due = content.due_date ?? day(plusDays(i.issuedAt, i.site.invoiceDueDays));
  switch (type) {
    case 'QUOTE':
      return {
        ...base,
        LineAmountTypes: 'EXCLUSIVE',
        Status: 'DRAFT',
        Reference: reference,
        Title: content.title ?? undefined,
        ExpiryDate: day(plusDays(i.issuedAt, content.expiry_days)),
      };
    case 'CREDIT_NOTE':
      return { ...base, Type: 'ACCRECCREDIT', Status: 'AUTHORISED', Reference: reference };
    case 'ADVANCE_PAYMENT':
      return { ...base, Type: 'ACCREC', Status: 'AUTHORISED', DueDate: due, Reference: `Advance payment – ${reference}` };
    case 'INVOICE':
      return { ...base, Type: 'ACCREC', Status: 'AUTHORISED', DueDate: due, Reference: reference };
  }
}

export async function documentSite(db: JobDb): Promise<DocumentSite> {
  const { invoiceDueDays, salesAccountCode } = await salesSiteValues(db);
  return { invoiceDueDays, salesAccountCode };
}

/** A section that cannot be sent as it is: no client to address the document to. */
export const noClient = () => accountingError('XE_CONT_NOTEX_ONXERO', 'The job has no client to address the document to.');
