/**
 * Attachments of the demo mailbox: about thirty mails carry one or two small but real files (a
 * one-page PDF quote or invoice, a PNG site photo, a CSV of meter readings), stored the way the
 * sync stores them (server/mail/sync/attachmentFiles.ts: FileStore bytes, then `files` and
 * `mail_attachments` rows), so the demo client lists, downloads and files them to jobs. The
 * files are generated, not read from disk, and stay a few kilobytes each, so the seed stays fast.
 */
import { deflateSync } from 'node:zlib';
import type { FileStore } from '../files/storage';
import { attachmentTarget, recordAttachments, writeAttachmentFiles } from '../mail/sync/attachmentFiles';
import type { ParsedAttachment } from '../mail/sync/attachmentParts';
import type { MailDb } from '../mail/tables';

/** How many demo mails get attachments. */
export const MAILS_WITH_ATTACHMENTS = 30;

/** A one-page PDF showing the given lines (Helvetica), with a correct cross-reference table. */
export function simplePdf(lines: string[]): Buffer {
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${780 - i * 22} Td (${l.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A small RGB picture (a sky-to-wall gradient with a tinted band), different per seed. */
export function simplePng(seed: number, width = 160, height = 120): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const band = Math.abs(y - ((seed * 37) % height)) < 8;
      rows.set([band ? 200 : 90 + y, band ? 80 + ((seed * 53) % 120) : 120 + (x >> 2), band ? 60 : 200 - y], row + 1 + x * 3);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

function readingsCsv(n: number): Buffer {
  const lines = ['date,meter,reading_kwh'];
  for (let d = 1; d <= 12; d += 1) lines.push(`2026-${String(d).padStart(2, '0')}-01,M-${1000 + n},${(1200 + n * 17 + d * 143).toFixed(0)}`);
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** The attachments of the n-th chosen mail: one kind each, every third mail also a photo. */
export function attachmentsFor(n: number, subject: string): ParsedAttachment[] {
  const ref = `${2041 + n}`;
  const kinds: ParsedAttachment[] = [
    {
      name: `Quote-Q${ref}.pdf`,
      contentType: 'application/pdf',
      content: simplePdf([`Quote Q${ref}`, `Re: ${subject}`, 'Labour and materials as discussed.', 'Valid for 30 days.']),
    },
    { name: `site-photo-${n + 1}.png`, contentType: 'image/png', content: simplePng(n) },
    {
      name: `Invoice-INV-${ref}.pdf`,
      contentType: 'application/pdf',
      content: simplePdf([`Invoice INV-${ref}`, `Re: ${subject}`, 'Payment due within 14 days.']),
    },
    { name: `meter-readings-${n + 1}.csv`, contentType: 'text/csv', content: readingsCsv(n) },
  ];
  const first = kinds[n % kinds.length];
  return n % 3 === 0 && first.contentType !== 'image/png'
    ? [first, { name: `photo-${n + 1}.png`, contentType: 'image/png', content: simplePng(n + 7) }]
    : [first];
}

/** Chooses the mails spread evenly over the mailbox and stores their files; returns the mail ids. */
export async function storeDemoAttachments(db: MailDb, mails: { maId: number; subject: string }[], store?: FileStore): Promise<number[]> {
  const step = Math.max(1, Math.floor(mails.length / MAILS_WITH_ATTACHMENTS));
  const chosen = mails
    .filter((_, i) => i % step === 0)
    .slice(0, MAILS_WITH_ATTACHMENTS)
    .map((m, n) => ({ maId: m.maId, attachments: attachmentsFor(n, m.subject) }));
  if (!chosen.length) return [];
  const target = attachmentTarget(db, store);
  const pending = await writeAttachmentFiles(db, target, chosen);
  await db.transaction().execute(async (trx) => {
    await recordAttachments(trx, pending);
    for (const m of chosen) {
      const bytes = m.attachments.reduce((sum, a) => sum + a.content.length, 0);
      // Base64 in the message makes an attachment about a third larger than its bytes.
      await trx
        .updateTable('mails')
        .set((eb) => ({ has_attachments: true, mail_size: eb('mail_size', '+', Math.ceil(bytes * 1.37)) }))
        .where('ma_id', '=', m.maId)
        .execute();
    }
  });
  return chosen.map((m) => m.maId);
}
