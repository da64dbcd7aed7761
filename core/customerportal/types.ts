/** Wire shapes of the customer portal (customerportal/*), both sides. */
import type { InvoiceType, JobStatus } from '../enums';

/** SPEC.md point 9: the customer's job list is 20 a page. */
export const CUSTOMER_PAGE_SIZE = 20;
/** The longest "message the office" text (SPEC.md point 5's long-text limit). */
export const CUSTOMER_MESSAGE_MAX = 3000;
export const QUOTE_DECISIONS = ['approve', 'decline'] as const;
export type QuoteDecision = (typeof QUOTE_DECISIONS)[number];

/** One of the customer's jobs as the portal lists it; a status the customer may not see is null. */
export interface CustomerJobRow {
  job_id: number;
  job_number: string | null;
  job_status: JobStatus | null;
  job_desc: string | null;
  job_wopo: string | null;
  js_id: number | null;
  js_address: string | null;
  js_postcode: string | null;
  co_name: string | null;
  /** The appointment window (wire dates, UTC). */
  job_start: string | null;
  job_end: string | null;
  created_at: string | null;
}

export interface CustomerQuoteState {
  /** A quote is waiting for the customer's decision (status QUOTED with a quote section). */
  awaiting: boolean;
  /** The latest decision taken, if any. */
  decision: QuoteDecision | null;
  name: string | null;
  decided_at: string | null;
  /** The quote sections' net total, 2-decimal string, when the job has a quote. */
  net_total: string | null;
}

/** A quote or invoice of the job, downloadable as a PDF (GET customerportal/{id}/salessections/{jss_id}/pdf). */
export interface CustomerSalesDocument {
  jss_id: number;
  jss_title: string | null;
  jss_invoice_type: InvoiceType;
  /** Xero's online invoice (view and pay) for an invoice pushed to Xero, when Xero gave one; else null. */
  online_invoice_url: string | null;
}

/** A mail of the job the customer took part in (GET customerportal/{id}/mails); plain text only. */
export interface CustomerJobMail {
  ma_id: number;
  mail_subject: string | null;
  mail_from: { name?: string | null; address: string } | null;
  mail_to_arr: { name?: string | null; address: string }[];
  mail_cc_arr: { name?: string | null; address: string }[];
  mail_date: string | null;
  mail_text: string | null;
}

/** A message the customer sent the office about a job (POST {id}/message), as they see it again. */
export interface CustomerSentMessage {
  jh_id: number;
  text: string;
  sent_at: string;
}

export interface CustomerJobDetails extends CustomerJobRow {
  job_details: string | null;
  sales_documents: CustomerSalesDocument[];
  js_city: string | null;
  pm_name: string | null;
  jsc_name: string | null;
  quote: CustomerQuoteState;
}

export interface CustomerSiteRow {
  js_id: number;
  js_address: string;
  js_city: string | null;
  js_postcode: string | null;
  clients: { co_id: number; co_name: string }[];
}

export interface CustomerSiteDetails extends CustomerSiteRow {
  propertymanagers: { pm_id: number; pm_name: string }[];
  sitecontacts: { jsc_id: number; jsc_name: string; jsc_email: string | null; jsc_phone: string | null }[];
}
