/**
 * Lays out a sales section's PDF (a quote or an invoice) with pdfkit. Pure: every text comes in
 * already worded and formatted (./content.ts), nothing is read here, and the bytes come back as a
 * Buffer, so the route, a mail attachment or a test can use the same document.
 */
import PDFDocument from 'pdfkit';
import type { PdfFonts } from './fonts';
import { toWinAnsi } from './winAnsi';

export interface SalesPdfRow {
  description: string;
  qty: string;
  unitPrice: string;
  taxRate: string;
  net: string;
}

export interface SalesPdfLabels {
  number: string;
  date: string;
  /** 'Due date' on an invoice, 'Valid until' on a quote. */
  deadline: string;
  client: string;
  site: string;
  job: string;
  description: string;
  qty: string;
  unitPrice: string;
  taxRate: string;
  net: string;
  totalNet: string;
  totalTax: string;
  totalGross: string;
  noRows: string;
}

export interface SalesPdfContent {
  brandName: string;
  /** PNG or JPEG bytes, or null (no logo, or one that could not be read safely). */
  logo: Buffer | null;
  /** 'Quote', 'Invoice', 'Advance payment invoice', 'Credit note', in the user's language. */
  title: string;
  number: string;
  date: string;
  deadline: string;
  clientLines: string[];
  siteLines: string[];
  jobLine: string;
  rows: SalesPdfRow[];
  totals: { net: string; tax: string; gross: string };
  labels: SalesPdfLabels;
}

export interface BuildOptions {
  /** false writes the page streams as plain text. */
  compress?: boolean;
  /**
   * A Unicode TrueType pair (./fonts.ts), embedded when a text needs it; otherwise, and without
   * it, the built-in Helvetica (text folded to WinAnsi when there is no font to embed).
   */
  fonts?: PdfFonts | null;
}

/** The two faces a document uses and how its text must be written for them. */
interface Faces {
  body: string;
  bold: string;
  w: (text: string) => string;
}

const MARGIN = 50;
const GREY = '#555555';
/** Column widths of the rows table, in points; the description takes what the page leaves. */
const COLS = { qty: 60, unitPrice: 85, taxRate: 60, net: 85 };

/** Every text of the document prints in the built-in Helvetica as written. */
function fitsWinAnsi(c: SalesPdfContent): boolean {
  const texts = [c.brandName, c.title, c.number, c.date, c.deadline, c.jobLine, ...c.clientLines, ...c.siteLines];
  texts.push(...Object.values(c.labels), ...Object.values(c.totals), ...c.rows.flatMap((r) => Object.values(r)));
  return texts.every((t) => toWinAnsi(t) === t.replace(/[\r\n\t]+/g, ' '));
}

export function buildSalesPdf(content: SalesPdfContent, opts: BuildOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: opts.compress ?? true,
    info: { Title: `${content.title} ${content.number}`, Author: content.brandName },
  });
  let f: Faces = { body: 'Helvetica', bold: 'Helvetica-Bold', w: toWinAnsi };
  // Embedding costs ~200 ms of CPU a document (the font is parsed and subset each time), so only a
  // document with a character Helvetica lacks gets it.
  if (opts.fonts && !fitsWinAnsi(content)) {
    doc.registerFont('body', opts.fonts.regular);
    doc.registerFont('bold', opts.fonts.bold);
    f = { body: 'body', bold: 'bold', w: (text) => text.replace(/[\r\n\t]+/g, ' ') };
  }
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    header(doc, content, f);
    parties(doc, content, f);
    rowsTable(doc, content, f);
    totals(doc, content, f);
  } finally {
    doc.end();
  }
  return done;
}

type Doc = PDFKit.PDFDocument;
const width = (doc: Doc) => doc.page.width - 2 * MARGIN;

function header(doc: Doc, c: SalesPdfContent, { body, bold, w }: Faces): void {
  const top = MARGIN;
  let left = MARGIN;
  if (c.logo) {
    try {
      doc.image(c.logo, MARGIN, top, { fit: [120, 60] });
      left = MARGIN + 135;
    } catch {
      // Bytes that looked like an image but are not one: the document goes out without the logo.
    }
  }
  doc
    .font(bold)
    .fontSize(16)
    .fillColor('black')
    .text(w(c.brandName), left, top, { width: width(doc) - (left - MARGIN) });
  doc
    .font(bold)
    .fontSize(22)
    .text(w(c.title), MARGIN, top + 75, { width: width(doc) });
  const facts: [string, string][] = [
    [c.labels.number, c.number],
    [c.labels.date, c.date],
    [c.labels.deadline, c.deadline],
  ];
  doc.moveDown(0.3).fontSize(10);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font(body).fillColor(GREY).text(w(label), MARGIN, y, { width: 100 });
    doc
      .font(body)
      .fillColor('black')
      .text(w(value), MARGIN + 100, y, { width: width(doc) - 100 });
  }
  doc.moveDown(1);
}

function parties(doc: Doc, c: SalesPdfContent, { body, bold, w }: Faces): void {
  const y = doc.y;
  const half = width(doc) / 2 - 10;
  const block = (label: string, lines: string[], x: number) => {
    doc.font(bold).fontSize(10).fillColor(GREY).text(w(label), x, y, { width: half });
    doc.font(body).fillColor('black');
    for (const line of lines.length ? lines : ['—']) doc.text(w(line), x, doc.y, { width: half });
    return doc.y;
  };
  const end = Math.max(block(c.labels.client, c.clientLines, MARGIN), block(c.labels.site, c.siteLines, MARGIN + half + 20));
  doc
    .font(body)
    .fillColor(GREY)
    .text(w(`${c.labels.job}: ${c.jobLine}`), MARGIN, end + 10, { width: width(doc) });
  doc.fillColor('black').moveDown(1);
}

function columns(doc: Doc) {
  const descWidth = width(doc) - COLS.qty - COLS.unitPrice - COLS.taxRate - COLS.net;
  let x = MARGIN;
  const at = (w: number) => {
    const col = { x, width: w };
    x += w;
    return col;
  };
  return { description: at(descWidth), qty: at(COLS.qty), unitPrice: at(COLS.unitPrice), taxRate: at(COLS.taxRate), net: at(COLS.net) };
}

function tableLine(doc: Doc, cells: SalesPdfRow, head: boolean, { body, bold, w }: Faces): void {
  const cols = columns(doc);
  const font = head ? bold : body;
  doc.font(font).fontSize(9);
  const height = Math.max(...Object.entries(cells).map(([k, v]) => doc.heightOfString(w(v), { width: cols[k as keyof SalesPdfRow].width - 4 })));
  // A row that would cross the bottom margin starts a new page, so no row is ever split.
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  const y = doc.y;
  for (const [key, value] of Object.entries(cells)) {
    const col = cols[key as keyof SalesPdfRow];
    doc.text(w(value), col.x, y, { width: col.width - 4, align: key === 'description' ? 'left' : 'right' });
  }
  doc.y = y + height + 4;
  doc
    .moveTo(MARGIN, doc.y - 2)
    .lineTo(MARGIN + width(doc), doc.y - 2)
    .strokeColor('#dddddd')
    .stroke();
}

function rowsTable(doc: Doc, c: SalesPdfContent, f: Faces): void {
  const l = c.labels;
  tableLine(doc, { description: l.description, qty: l.qty, unitPrice: l.unitPrice, taxRate: l.taxRate, net: l.net }, true, f);
  if (c.rows.length === 0)
    doc
      .font(f.body)
      .fontSize(9)
      .text(f.w(l.noRows), MARGIN, doc.y, { width: width(doc) });
  for (const row of c.rows) tableLine(doc, row, false, f);
  doc.moveDown(1);
}

function totals(doc: Doc, c: SalesPdfContent, { body, bold, w }: Faces): void {
  const lines: [string, string, boolean][] = [
    [c.labels.totalNet, c.totals.net, false],
    [c.labels.totalTax, c.totals.tax, false],
    [c.labels.totalGross, c.totals.gross, true],
  ];
  if (doc.y + 60 > doc.page.height - MARGIN) doc.addPage();
  const x = MARGIN + width(doc) - 250;
  for (const [label, value, strong] of lines) {
    const y = doc.y;
    doc.font(strong ? bold : body).fontSize(strong ? 12 : 10);
    doc.text(w(label), x, y, { width: 140 });
    doc.text(w(value), x + 140, y, { width: 110, align: 'right' });
  }
}
