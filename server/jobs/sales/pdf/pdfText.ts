/**
 * For tests: the text a pdfkit PDF shows, read back from its page streams (inflated when
 * compressed). pdfkit writes text as hex codes inside `[...] TJ` arrays after a `/Fn size Tf`:
 * WinAnsi bytes for the built-in Helvetica, glyph ids for an embedded font, which its ToUnicode
 * map turns back into text. Runs come back in drawing order, one string per TJ array.
 */
import { inflateSync } from 'node:zlib';

const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

interface PdfObject {
  dict: string;
  data: string | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const out = new Map<number, PdfObject>();
  for (const m of pdf.toString('latin1').matchAll(/(\d+) 0 obj\s([\s\S]*?)endobj/g)) {
    const body = m[2];
    const start = /stream\r?\n/.exec(body);
    if (!start) {
      out.set(Number(m[1]), { dict: body, data: null });
      continue;
    }
    const raw = Buffer.from(body.slice(start.index + start[0].length, body.lastIndexOf('endstream')), 'latin1');
    let data: string;
    try {
      data = inflateSync(raw).toString('latin1');
    } catch {
      data = raw.toString('latin1');
    }
    out.set(Number(m[1]), { dict: body.slice(0, start.index), data });
  }
  return out;
}

/** An embedded font's ToUnicode CMap as pdfkit writes it: `<start> <end> [<utf16> ...]` ranges. */
function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const r of cmap.matchAll(/<([0-9a-fA-F]+)> <[0-9a-fA-F]+> \[([^\]]*)\]/g)) {
    let code = parseInt(r[1], 16);
    for (const entry of r[2].matchAll(/<([^>]*)>/g)) {
      const units = entry[1].trim().split(/\s+/).filter(Boolean);
      map.set(code++, String.fromCharCode(...units.map((u) => parseInt(u, 16))));
    }
  }
  return map;
}

/** Font resource name (F1, F2 ...) → its ToUnicode map, for the embedded fonts. */
function fontMaps(objs: Map<number, PdfObject>): Map<string, Map<number, string>> {
  const maps = new Map<string, Map<number, string>>();
  for (const { dict } of objs.values()) {
    for (const fonts of dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const ref of fonts[1].matchAll(/\/(F\d+)\s+(\d+) 0 R/g)) {
        const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objs.get(Number(ref[2]))?.dict ?? '');
        const cmap = toUnicode ? objs.get(Number(toUnicode[1]))?.data : null;
        if (cmap) maps.set(ref[1], parseCmap(cmap));
      }
    }
  }
  return maps;
}

function decode(hex: string, cmap: Map<number, string> | undefined): string {
  let out = '';
  const step = cmap ? 4 : 2;
  for (let i = 0; i + step <= hex.length; i += step) {
    const code = parseInt(hex.slice(i, i + step), 16);
    if (cmap) out += cmap.get(code) ?? '';
    else out += code >= 0x80 && code <= 0x9f ? CP1252_HIGH[code - 0x80] : String.fromCharCode(code);
  }
  return out;
}

export function pdfTextRuns(pdf: Buffer): string[] {
  const objs = objects(pdf);
  const maps = fontMaps(objs);
  const runs: string[] = [];
  for (const { data } of objs.values()) {
    if (data === null) continue;
    let font = '';
    for (const m of data.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (m[1]) font = m[1];
      else runs.push([...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decode(h[1], maps.get(font))).join(''));
    }
  }
  return runs;
}

/** Every run joined by newlines: `expect(pdfText(buf)).toContain('62.97')`. */
export const pdfText = (pdf: Buffer): string => pdfTextRuns(pdf).join('\n');
