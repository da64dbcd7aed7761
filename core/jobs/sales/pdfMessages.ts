/**
 * Texts of a sales section's PDF (the document's labels, written by the server in the user's
 * language) and of the Sales tab's PDF menu, in the three locales.
 */
import type { FeatureMessages, MessageTree } from '../../i18n/featureMessages';
import { localeOf } from '../../i18n/locales';

const enUS: MessageTree = {
  salesPdf: {
    document: {
      titles: { QUOTE: 'Quote', ADVANCE_PAYMENT: 'Advance payment invoice', INVOICE: 'Invoice', CREDIT_NOTE: 'Credit note' },
      number: 'Number',
      date: 'Date',
      dueDate: 'Due date',
      validUntil: 'Valid until',
      client: 'Client',
      site: 'Job site',
      job: 'Job',
      description: 'Description',
      qty: 'Quantity',
      unitPrice: 'Unit price',
      taxRate: 'Tax rate',
      net: 'Net',
      totalNet: 'Net total',
      totalTax: 'Tax',
      totalGross: 'Total',
      noRows: 'No rows.',
    },
    menu: {
      open: 'PDF',
      label: 'PDF of sales section {{n}}',
      as: {
        QUOTE: 'Download as quote',
        ADVANCE_PAYMENT: 'Download as advance payment invoice',
        INVOICE: 'Download as invoice',
        CREDIT_NOTE: 'Download as credit note',
      },
      attach: 'Attach to a new mail',
      working: 'Preparing the PDF…',
      failed: 'The PDF could not be made.',
      subject: '{{title}} {{number}}',
    },
  },
};

const huHU: MessageTree = {
  salesPdf: {
    document: {
      titles: { QUOTE: 'Árajánlat', ADVANCE_PAYMENT: 'Előlegszámla', INVOICE: 'Számla', CREDIT_NOTE: 'Jóváíró számla' },
      number: 'Sorszám',
      date: 'Kelt',
      dueDate: 'Fizetési határidő',
      validUntil: 'Érvényes',
      client: 'Ügyfél',
      site: 'Munkavégzés helye',
      job: 'Munka',
      description: 'Leírás',
      qty: 'Mennyiség',
      unitPrice: 'Egységár',
      taxRate: 'Adókulcs',
      net: 'Nettó',
      totalNet: 'Nettó összesen',
      totalTax: 'Adó',
      totalGross: 'Bruttó összesen',
      noRows: 'Nincsenek sorok.',
    },
    menu: {
      open: 'PDF',
      label: 'A(z) {{n}}. értékesítési szakasz PDF-je',
      as: {
        QUOTE: 'Letöltés árajánlatként',
        ADVANCE_PAYMENT: 'Letöltés előlegszámlaként',
        INVOICE: 'Letöltés számlaként',
        CREDIT_NOTE: 'Letöltés jóváíró számlaként',
      },
      attach: 'Csatolás új levélhez',
      working: 'A PDF készül…',
      failed: 'A PDF-et nem sikerült elkészíteni.',
      subject: '{{title}} {{number}}',
    },
  },
};

export const salesPdfMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };

/** A text under `salesPdf.` in the user's language (`settings.language`; en-US when unset), {{name}} filled in. */
export function salesPdfText(language: unknown, key: string, params: Record<string, string> = {}): string {
  let node: unknown = salesPdfMessages[localeOf(language)].salesPdf;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
