/**
 * The names a sales section's PDF goes by (GET jobs/{id}/salessections/{jss_id}/pdf): its file
 * name, its local reference, and the document type chosen when the request names none. Shared so
 * the Sales tab names a download the way the server does.
 */
import type { InvoiceType } from '../../enums';

/**
 * Without `?type=`, a section is printed as what it is: a QUOTE section (one not invoiced yet) as a
 * quote, an INVOICE or ADVANCE_PAYMENT section as that invoice, a CREDIT_NOTE as a credit note.
 */
export const defaultPdfType = (sectionType: InvoiceType): InvoiceType => sectionType;

/** The file name's first word: the contract names three (an advance payment invoice is an invoice). */
export function pdfFileWord(type: InvoiceType): 'Quote' | 'Invoice' | 'Credit note' {
  if (type === 'QUOTE') return 'Quote';
  if (type === 'CREDIT_NOTE') return 'Credit note';
  return 'Invoice';
}

/** A draft job has no number yet: its id stands in, so the name is still unique. */
export const jobNumberOf = (jobNumber: string | null, jobId: number): string => jobNumber || String(jobId);

/** `<Quote|Invoice|Credit note>-<job number>-<section>.pdf` */
export const pdfFileName = (type: InvoiceType, jobNumber: string, jssId: number): string => `${pdfFileWord(type)}-${jobNumber}-${jssId}.pdf`;

/** The document's number when the accounting service has given the section none. */
export const localReference = (jobNumber: string, jssId: number): string => `${jobNumber}-${jssId}`;
