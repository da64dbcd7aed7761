/**
 * For tests: the text a pdfkit PDF shows, read back from its page streams (inflated when
 * compressed). pdfkit writes Helvetica text as hex WinAnsi codes inside `[...] TJ` arrays, each
 * array one run of text; runs are returned in drawing order, one string each.
 */
import { inflateSync } from 'node:zlib';

const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    out += code >= 0x80 && code <= 0x9f ? CP1252_HIGH[code - 0x80] : String.fromCharCode(code);
  }
  return out;
}

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    try {
      out.push(inflateSync(raw).toString('latin1'));
    } catch {
      out.push(raw.toString('latin1'));
    }
    re.lastIndex = end + 'endstream'.length;
  }
  return out;
}

export function pdfTextRuns(pdf: Buffer): string[] {
  const runs: string[] = [];
  for (const s of streams(pdf)) {
    for (const m of s.matchAll(/\[([^\]]*)\] TJ/g)) {
      runs.push([...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1])).join(''));
    }
  }
  return runs;
}

/** Every run joined by newlines: `expect(pdfText(buf)).toContain('62.97')`. */
export const pdfText = (pdf: Buffer): string => pdfTextRuns(pdf).join('\n');
