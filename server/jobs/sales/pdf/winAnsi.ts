/**
 * Text for the PDF's built-in Helvetica, which has only the WinAnsi characters (Latin-1 and a few
 * more). pdfkit writes any other character as a broken code, so each is folded first: Hungarian ő/ű
 * to ö/ü, other accented letters to their base letter, thin spaces to a space, the rest to '?'.
 * A Unicode font embedded instead (a larger file and a font to ship) is left for later.
 */

/** Beyond Latin-1, the characters WinAnsi (code page 1252) has in its 0x80–0x9F block. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const NEAREST: Record<string, string> = { ő: 'ö', Ő: 'Ö', ű: 'ü', Ű: 'Ü', '\u202f': ' ', '\u2009': ' ', '\u2007': ' ', '\u2212': '-' };

function representable(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    if (representable(ch)) out += ch;
    else if (NEAREST[ch]) out += NEAREST[ch];
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every(representable) ? base : '?';
    }
  }
  return out;
}
