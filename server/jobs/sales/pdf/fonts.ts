/**
 * A Unicode font for the sales PDF, so every name and label prints as written (Hungarian ő and ű,
 * Polish ł ...), which the built-in Helvetica cannot. DejaVu Sans from PDF_FONT_DIR (default:
 * Debian's fonts-dejavu-core folder), read once; when it is not there, or PDF_FONT_DIR is empty,
 * the document falls back to Helvetica with its text folded to WinAnsi (./winAnsi.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PdfFonts {
  regular: Buffer;
  bold: Buffer;
}

export const DEFAULT_FONT_DIR = '/usr/share/fonts/truetype/dejavu';

const loaded = new Map<string, PdfFonts | null>();

export function pdfFonts(dir: string = process.env.PDF_FONT_DIR ?? DEFAULT_FONT_DIR): PdfFonts | null {
  if (!dir) return null;
  if (!loaded.has(dir)) {
    try {
      loaded.set(dir, { regular: readFileSync(join(dir, 'DejaVuSans.ttf')), bold: readFileSync(join(dir, 'DejaVuSans-Bold.ttf')) });
    } catch {
      loaded.set(dir, null);
    }
  }
  return loaded.get(dir) ?? null;
}
