/**
 * What a sales section's PDF says, from what the route read: labels in the user's language, money
 * summed in integer pence by the Sales tab's own totals (../totals.ts) and formatted as every
 * screen formats it, dates in the user's date format. Pure, so the wording is tested without a
 * database or a PDF.
 */
import type { InvoiceType } from '../../../../core/enums';
import { formatMoney } from '../../../../core/jobs/formatMoney';
import { localeOf } from '../../../../core/i18n/locales';
import { localReference } from '../../../../core/jobs/sales/pdfNames';
import { salesPdfText } from '../../../../core/jobs/sales/pdfMessages';
import { sumItems, wireTotals, type ItemAmounts } from '../totals';
import { moneyText, qtyText, rateText } from '../wireNum';
import type { SalesPdfContent } from './document';

export interface SalesPdfItem extends ItemAmounts {
  item_code: string | null;
  description: string | null;
  net_unit_sales: string | number;
}

export interface SalesPdfSource {
  type: InvoiceType;
  brandName: string;
  logo: Buffer | null;
  jobNumber: string;
  jobDesc: string | null;
  section: { jss_id: number; jss_title: string | null; jss_due_date: Date | null; jss_expiry_days: number; xero_doc_number: string | null };
  items: SalesPdfItem[];
  client: { co_name: string; co_company: string | null; co_address: string | null; co_email: string | null } | null;
  site: { js_address: string; js_city: string | null; js_postcode: string | null } | null;
  currency: string;
  invoiceDueDays: number;
  /** The day the document is made, 'YYYY-MM-DD' on the user's calendar. */
  today: string;
  /** The user's settings.language and settings.dateFormat. */
  language: unknown;
  dateFormat: string;
}

/** 'YYYY-MM-DD' plus whole days, on the calendar (no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A day in the date part of the user's format ('DD/MM/YYYY HH:mm:ss' → '27/11/2026'). */
export function formatDay(day: string, dateFormat: string): string {
  const [y, m, d] = day.split('-');
  const datePart = dateFormat.split(/\s+/).find((p) => /Y|D/.test(p)) ?? 'YYYY-MM-DD';
  return datePart.replace('YYYY', y).replace('MM', m).replace('DD', d);
}

const lines = (...parts: (string | null | undefined)[]) => parts.map((p) => p?.trim() ?? '').filter(Boolean);

export function salesPdfContent(src: SalesPdfSource): SalesPdfContent {
  const t = (key: string) => salesPdfText(src.language, `document.${key}`);
  const locale = localeOf(src.language);
  const money = (v: string) => formatMoney(v, src.currency, locale);
  const s = src.section;
  const quote = src.type === 'QUOTE';
  // A quote is valid for its expiry days from the day it is made; an invoice is due on the
  // section's due date (stored at 12:00 UTC, so its UTC day is the day meant), else after the
  // site configuration's invoice due days.
  const deadline = quote
    ? addDays(src.today, s.jss_expiry_days)
    : s.jss_due_date
      ? s.jss_due_date.toISOString().slice(0, 10)
      : addDays(src.today, src.invoiceDueDays);
  const totals = wireTotals(sumItems(src.items));
  const client = src.client;
  return {
    brandName: src.brandName,
    logo: src.logo,
    title: t(`titles.${src.type}`),
    number: s.xero_doc_number || localReference(src.jobNumber, s.jss_id),
    date: formatDay(src.today, src.dateFormat),
    deadline: formatDay(deadline, src.dateFormat),
    clientLines: client ? lines(client.co_company, client.co_name !== client.co_company ? client.co_name : null, client.co_address, client.co_email) : [],
    siteLines: src.site ? lines(src.site.js_address, src.site.js_city, src.site.js_postcode) : [],
    jobLine: [src.jobNumber, src.jobDesc, s.jss_title].filter(Boolean).join(' – '),
    rows: src.items.map((i) => ({
      description: [i.item_code, i.description].filter(Boolean).join(' – '),
      qty: qtyText(i.qty),
      unitPrice: money(moneyText(i.net_unit_sales)),
      taxRate: `${rateText(i.tax_rate)}%`,
      net: money(moneyText(i.net_amount)),
    })),
    totals: { net: money(totals.net), tax: money(totals.tax), gross: money(totals.gross) },
    labels: {
      number: t('number'),
      date: t('date'),
      deadline: t(quote ? 'validUntil' : 'dueDate'),
      client: t('client'),
      site: t('site'),
      job: t('job'),
      description: t('description'),
      qty: t('qty'),
      unitPrice: t('unitPrice'),
      taxRate: t('taxRate'),
      net: t('net'),
      totalNet: t('totalNet'),
      totalTax: t('totalTax'),
      totalGross: t('totalGross'),
      noRows: t('noRows'),
    },
  };
}
