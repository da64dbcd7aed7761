/** A large batch is parsed in a worker thread with exactly the result of parsing it here; a small one never starts a thread. */
import { afterAll, describe, expect, it } from 'vitest';
import { parseMessage, type ParsedMessage, type RawMessage } from './parse';
import { closeParseWorkers, parseBatch, parseWorkerTasks, WORKER_MIN_BATCH } from './parseBatch';
import { rawMail } from './testMailbox';

afterAll(() => closeParseWorkers());

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function withAttachment(n: number): string {
  return [
    'From: =?UTF-8?B?w4Frb3MgS292w6Fjcw==?= <akos@example.hu>',
    'To: office@example.com, Isla Brown <isla@example.co.uk>',
    `Subject: =?UTF-8?Q?Sz=C3=A1mla_${n}?=`,
    `Message-ID: <att${n}@test.example>`,
    'Date: Mon, 02 Nov 2026 09:30:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=iso-8859-2',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'K=E9rem a sz=E1ml=E1t, Gy=F5r.',
    '--b1',
    'Content-Type: application/pdf; name="../szamla.pdf"',
    'Content-Disposition: attachment; filename="../szamla.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    pdf.toString('base64'),
    '--b1--',
    '',
  ].join('\r\n');
}

function batch(size: number): RawMessage[] {
  return Array.from({ length: size }, (_, i) => {
    const raw =
      i % 5 === 0
        ? withAttachment(i)
        : i % 5 === 1
          ? rawMail({ html: `<p>Roof <b>leak</b> ${i}</p><script>alert(1)</script>` })
          : i % 5 === 2
            ? rawMail({ text: `No id ${i}` }).replace(/^Message-ID:.*\r\n/m, '')
            : rawMail({ subject: `Boiler ${i}`, inReplyTo: '<root@test.example>', text: `boiler boiler radiator ${i}` });
    return { source: Buffer.from(raw), internalDate: new Date(Date.UTC(2026, 10, 2, 10, i)), size: 0 };
  });
}

describe('parseBatch', () => {
  it('parses a large batch in a worker thread, with the same rows and attachment bytes as here', async () => {
    const messages = batch(WORKER_MIN_BATCH + 5);
    const before = parseWorkerTasks();
    const parsed = (await parseBatch(messages)) as ParsedMessage[];
    expect(parseWorkerTasks()).toBeGreaterThan(before);
    const here = (await Promise.all(messages.map((m) => parseMessage(m)))) as ParsedMessage[];
    expect(parsed).toEqual(here);
    const first = parsed[0];
    expect(first.mail_subject).toBe('Számla 0');
    expect(first.mail_from).toEqual({ name: 'Ákos Kovács', address: 'akos@example.hu' });
    expect(first.mail_text).toContain('Kérem a számlát, Győr.');
    expect(first.attachments).toHaveLength(1);
    expect(first.attachments[0].name).toBe('szamla.pdf');
    expect(Buffer.isBuffer(first.attachments[0].content)).toBe(true);
    expect(first.attachments[0].content.equals(pdf)).toBe(true);
    expect(parsed[2].message_id).toMatch(/^<[0-9a-f]{64}@no-message-id>$/);
    expect(parsed[1].mail_html).toContain('<script>');
    expect(parsed.map((p) => p.mail_date)).toEqual(here.map((p) => p.mail_date));
  });

  it('parses a few new mails on this thread', async () => {
    const messages = batch(3);
    const before = parseWorkerTasks();
    const parsed = (await parseBatch(messages)) as ParsedMessage[];
    expect(parsed).toEqual(await Promise.all(messages.map((m) => parseMessage(m))));
    expect(parsed[0].attachments[0].content.equals(pdf)).toBe(true);
    expect(parseWorkerTasks()).toBe(before);
  });
});
