import { describe, expect, it } from 'vitest';
import { salesPdfContent, addDays, formatDay, type SalesPdfSource } from './content';
import { buildSalesPdf } from './document';
import { pdfFonts } from './fonts';
import { pdfLogo } from './logo';
import { pdfText } from './pdfText';
import { toWinAnsi } from './winAnsi';

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function source(over: Partial<SalesPdfSource> = {}): SalesPdfSource {
  return {
    type: 'QUOTE',
    brandName: 'Acme Repairs',
    logo: null,
    jobNumber: 'AC000123',
    jobDesc: 'Boiler service',
    section: { jss_id: 7, jss_title: 'Parts', jss_due_date: null, jss_expiry_days: 60, xero_doc_number: null },
    items: [
      { item_code: 'TAP', description: 'Mixer tap', qty: 3, net_unit_sales: '19.99', net_unit_cost: '10', tax_rate: 20, net_amount: '59.97' },
      { item_code: null, description: 'Labour', qty: '1.5', net_unit_sales: '0.10', net_unit_cost: 0, tax_rate: '17.5', net_amount: '0.15' },
    ],
    client: { co_name: 'Jane Doe', co_company: 'Doe Ltd', co_address: '1 High St', co_email: 'jane@doe.test' },
    site: { js_address: '2 Low Rd', js_city: 'Leeds', js_postcode: 'LS1 1AA' },
    currency: 'GBP',
    invoiceDueDays: 30,
    today: '2026-11-27',
    language: 'en-US',
    dateFormat: 'DD/MM/YYYY HH:mm:ss',
    ...over,
  };
}

describe('sales PDF content', () => {
  it('words a quote: title, local number, validity from the expiry days, totals in pence', () => {
    const c = salesPdfContent(source());
    expect(c.title).toBe('Quote');
    expect(c.number).toBe('AC000123-7');
    expect(c.date).toBe('27/11/2026');
    expect(c.labels.deadline).toBe('Valid until');
    expect(c.deadline).toBe('26/01/2027');
    // 59.97 + 0.15 = 60.12; tax 11.994 → 11.99 and 0.02625 → 0.03: 12.02; gross 72.14.
    expect(c.totals).toEqual({ net: '£60.12', tax: '£12.02', gross: '£72.14' });
    expect(c.rows[1]).toEqual({ description: 'Labour', qty: '1.5', unitPrice: '£0.10', taxRate: '17.5%', net: '£0.15' });
    expect(c.clientLines).toEqual(['Doe Ltd', 'Jane Doe', '1 High St', 'jane@doe.test']);
    expect(c.siteLines).toEqual(['2 Low Rd', 'Leeds', 'LS1 1AA']);
  });

  it('words an invoice: the Xero number, the section due date, else the site due days', () => {
    const due = new Date('2027-01-05T12:00:00Z');
    const c = salesPdfContent(source({ type: 'INVOICE', section: { ...source().section, jss_due_date: due, xero_doc_number: 'INV-0042' } }));
    expect([c.title, c.number, c.labels.deadline, c.deadline]).toEqual(['Invoice', 'INV-0042', 'Due date', '05/01/2027']);
    const noDue = salesPdfContent(source({ type: 'ADVANCE_PAYMENT' }));
    expect([noDue.title, noDue.deadline]).toEqual(['Advance payment invoice', '27/12/2026']);
    expect(salesPdfContent(source({ type: 'CREDIT_NOTE' })).title).toBe('Credit note');
  });

  it("speaks the user's language", () => {
    const c = salesPdfContent(source({ language: 'hu-HU', type: 'ADVANCE_PAYMENT' }));
    expect(c.title).toBe('Előlegszámla');
    expect(c.labels.totalGross).toBe('Bruttó összesen');
  });

  it('counts days on the calendar and keeps the date part of the format', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(formatDay('2026-03-04', 'YYYY-MM-DD HH:mm')).toBe('2026-03-04');
    expect(formatDay('2026-03-04', 'MM/DD/YYYY')).toBe('03/04/2026');
  });
});

describe('sales PDF document', () => {
  it('is a PDF with the brand, the title, the rows and the totals', async () => {
    const pdf = await buildSalesPdf(salesPdfContent(source()), { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const s of ['Acme Repairs', 'Quote', 'AC000123-7', 'Mixer tap', '£60.12', '£12.02', '£72.14', 'Doe Ltd', 'LS1 1AA']) expect(text).toContain(s);
  });

  it('reads the same compressed, with a logo, and over several pages', async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ ...source().items[0], description: `Row ${i + 1}` }));
    const pdf = await buildSalesPdf(salesPdfContent(source({ items: many, logo: pdfLogo(`data:image/png;base64,${PNG}`) })));
    const text = pdfText(pdf);
    expect(text).toContain('Row 80');
    expect(text).toContain('£4,797.60');
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(1);
  });

  it('writes Hungarian texts in the built-in font (ő → ö) and never a broken code', async () => {
    const pdf = await buildSalesPdf(salesPdfContent(source({ language: 'hu-HU', type: 'ADVANCE_PAYMENT' })), { compress: false });
    expect(pdfText(pdf)).toContain('Elölegszámla');
    expect(toWinAnsi('Ő ű € – 漢\u202f')).toBe('Ö ü € – ? ');
  });
});

describe('sales PDF fonts', () => {
  const fonts = pdfFonts();

  it('finds none where there is no font folder, or when switched off', () => {
    expect(pdfFonts('')).toBeNull();
    expect(pdfFonts('/nonexistent/fonts')).toBeNull();
  });

  // Runs where the machine has DejaVu (Debian's fonts-dejavu-core); elsewhere the PDF uses Helvetica, tested above.
  it.skipIf(!fonts)('with the Unicode font, prints every name as written', async () => {
    const src = source({
      language: 'hu-HU',
      type: 'ADVANCE_PAYMENT',
      client: { co_name: 'Kőbányai Łukasz', co_company: null, co_address: null, co_email: null },
    });
    for (const compress of [false, true]) {
      const text = pdfText(await buildSalesPdf(salesPdfContent(src), { fonts, compress }));
      for (const s of ['Előlegszámla', 'Kőbányai Łukasz', 'Bruttó összesen', 'Acme Repairs']) expect(text).toContain(s);
    }
    // A document Helvetica can print keeps it: no font file inside, a fraction of the work.
    const plain = await buildSalesPdf(salesPdfContent(source()), { fonts });
    expect(plain.toString('latin1')).not.toContain('/FontFile2');
    expect(pdfText(plain)).toContain('£72.14');
  });
});

describe('brand logo', () => {
  it('takes only a data URL of a PNG or JPEG, never an address to fetch', () => {
    expect(pdfLogo(`data:image/png;base64,${PNG}`)?.subarray(1, 4).toString()).toBe('PNG');
    expect(pdfLogo('https://example.com/logo.png')).toBeNull();
    expect(pdfLogo('/logo.png')).toBeNull();
    expect(pdfLogo('data:image/png;base64,aGVsbG8=')).toBeNull();
    expect(pdfLogo('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(pdfLogo('')).toBeNull();
    expect(pdfLogo(null)).toBeNull();
  });
});
