/**
 * The brand's logo for a PDF, only when it can be read without going anywhere: a `data:` URL of a
 * PNG or JPEG (checked by its first bytes, at most 512 KiB). An http(s) address or a path is
 * skipped: fetching it would let a brand's configuration make the server call any host, and the
 * document is complete with the brand's name alone.
 */
const MAX_BYTES = 512 * 1024;
const DATA_URL = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i;

export function pdfLogo(logoUrl: string | null | undefined): Buffer | null {
  const match = DATA_URL.exec(logoUrl?.trim() ?? '');
  if (!match || match[2].length > (MAX_BYTES * 4) / 3 + 4) return null;
  const bytes = Buffer.from(match[2].replace(/\s+/g, ''), 'base64');
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
  return png || jpeg ? bytes : null;
}
