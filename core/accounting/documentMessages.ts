/**
 * Texts of sending a sales section to Xero (the Sales tab's "Send to Xero" menu, the section's Xero
 * number and final chip, and the server's answer), in the three locales.
 */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';

const enUS: MessageTree = {
  xeroDocuments: {
    menu: {
      open: 'Send to Xero',
      label: 'Send sales section {{n}} to Xero',
      as: {
        QUOTE: 'As a quote',
        ADVANCE_PAYMENT: 'As an advance payment invoice',
        INVOICE: 'As an invoice',
        CREDIT_NOTE: 'As a credit note',
      },
      working: 'Sending to Xero…',
    },
    number: 'Xero {{number}}',
    numberLabel: 'Open {{number}} in Xero (new tab)',
    final: 'Final',
    finalHint: 'Sent to the accounting system: the section can no longer be changed.',
    sent: 'Sent to Xero as {{number}}.',
    queued: 'Xero is not answering just now: the document is queued and will be sent automatically.',
  },
};

const enGB: MessageTree = {
  xeroDocuments: {
    ...(enUS.xeroDocuments as MessageTree),
    queued: 'Xero is not answering at the moment: the document is queued and will be sent automatically.',
  },
};

const huHU: MessageTree = {
  xeroDocuments: {
    menu: {
      open: 'Küldés a Xerobe',
      label: 'A(z) {{n}}. értékesítési szakasz küldése a Xerobe',
      as: {
        QUOTE: 'Árajánlatként',
        ADVANCE_PAYMENT: 'Előlegszámlaként',
        INVOICE: 'Számlaként',
        CREDIT_NOTE: 'Jóváíró számlaként',
      },
      working: 'Küldés a Xerobe…',
    },
    number: 'Xero {{number}}',
    numberLabel: '{{number}} megnyitása a Xeroban (új lapon)',
    final: 'Végleges',
    finalHint: 'Elküldve a könyvelési rendszerbe: a szakasz már nem módosítható.',
    sent: 'Elküldve a Xerobe: {{number}}.',
    queued: 'A Xero most nem válaszol: a bizonylat sorban áll, és automatikusan elküldjük.',
  },
};

export const xeroDocumentMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enGB, 'hu-HU': huHU };

/** An en-US text under `xeroDocuments.` for the server's answers (the SPA shows its own locale's), {{name}} filled in. */
export function documentText(key: string, params: Record<string, string> = {}): string {
  let node: unknown = enUS;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
