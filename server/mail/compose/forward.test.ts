/** Forwarding keeps the forwarded mail's attachments, against a real Dovecot and a real SMTP listener; a reply carries none. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../net/freePort';
import { startTestSmtp } from '../../publicauth/testSmtp';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { call, login, useTestApp } from '../../test/helpers';
import { attachmentDb } from '../sync/attachmentTables';
import { syncAccount } from '../sync/syncAccount';
import { withMailbox } from '../sync/testMailbox';
import { mailDb } from '../tables';
import { composeBrand, type ComposeBrand } from './testFixture';

const filesRoot = path.join(os.tmpdir(), `compose-forward-${randomUUID()}`);
const t = useTestApp({ filesRoot });
let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let b: ComposeBrand;
let cookie: string;

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\n%%EOF\n')]);
const NOTE = 'Árajánlat: 1200 £\n';
const NOTE_NAME = 'Árajánlat.txt';

function withTwoAttachments(messageId: string, subject: string): string {
  const mark = 'fwd1';
  return [
    'From: Client <client@example.com>',
    'To: office@example.com',
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    'Date: Sun, 01 Nov 2026 09:00:00 +0000',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${mark}"`,
    '',
    `--${mark}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Two files attached.',
    `--${mark}`,
    'Content-Type: application/pdf; name="quote.pdf"',
    'Content-Disposition: attachment; filename="quote.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    PDF.toString('base64'),
    `--${mark}`,
    'Content-Type: text/plain; charset=utf-8',
    "Content-Disposition: attachment; filename*=utf-8''%C3%81raj%C3%A1nlat.txt",
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(NOTE).toString('base64'),
    `--${mark}--`,
    '',
  ].join('\r\n');
}

beforeAll(async () => {
  dovecot = await startDovecot();
  smtp = await startTestSmtp();
  b = await composeBrand(t.db, dovecot, smtp.port);
  await b.link(await b.usId('operator@demo.test'), true);
  cookie = await login(t.app, b.host, 'operator@demo.test');
}, 60_000);

afterAll(async () => {
  await smtp?.close();
  await dovecot?.stop();
  await fs.rm(filesRoot, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => call(t.app, { method, url: `/api/${url}`, host: b.host, cookie, body });
const names = (list: { f_name: string }[]) => list.map((f) => f.f_name).sort();

/** A mail with two attachments put in INBOX by another client and synced (its attachments stored as files). */
async function syncedMail(subject: string): Promise<number> {
  const messageId = `<fwd-${randomUUID()}@client.example>`;
  await withMailbox(dovecot, b.mailbox.user, b.mailbox.password, (c) => c.append('INBOX', withTwoAttachments(messageId, subject)));
  const result = await syncAccount(mailDb(b.db), b.accountId, { fileStore: t.app.fileStore });
  expect(result.error).toBeUndefined();
  return (await b.db.selectFrom('mails').select('ma_id').where('message_id', '=', messageId).executeTakeFirstOrThrow()).ma_id;
}

const storedOf = (maId: number) =>
  attachmentDb(mailDb(b.db)).selectFrom('mail_attachments').select(['mat_position', 'file_id']).where('ma_id', '=', maId).orderBy('mat_position').execute();

async function create(body: Record<string, unknown>) {
  const res = await api('POST', 'maildrafts/create', body);
  expect(res.status, res.text).toBe(201);
  return res.json.maildrafts.data as { mdraft_id: number; mdraft_version: number; attachments: { file_id: number; f_name: string; f_size: number }[] };
}

/** Sends the draft to one address and answers what the SMTP listener received, parsed. */
async function send(draft: { mdraft_id: number; mdraft_version: number }) {
  const before = smtp.messages.length;
  const res = await api('POST', `maildrafts/${draft.mdraft_id}/updateAndSend`, {
    mdraft_version: draft.mdraft_version,
    mdraft_to_arr: [{ name: '', address: 'partner@example.com' }],
  });
  expect(res.status, res.text).toBe(200);
  const [received] = (await smtp.waitFor(before + 1)).slice(before);
  return simpleParser(received.raw);
}

const attachmentsIn = (mail: Awaited<ReturnType<typeof simpleParser>>) =>
  mail.attachments.map((a) => ({ name: a.filename, bytes: a.content })).sort((x, y) => String(x.name).localeCompare(String(y.name)));

describe('forwarding a mail with attachments', () => {
  it("links the mail's stored files to the draft and sends both with the right names and bytes; a reply carries none", async () => {
    const maId = await syncedMail('Quote and photos');
    const stored = await storedOf(maId);
    expect(stored).toHaveLength(2);

    const reply = await create({ reply_ma_id: maId, mode: 'reply' });
    expect(reply.attachments).toEqual([]);
    const replied = await send(reply);
    expect(replied.attachments).toEqual([]);

    const fwd = await create({ reply_ma_id: maId, mode: 'forward' });
    expect(names(fwd.attachments)).toEqual([NOTE_NAME, 'quote.pdf'].sort());
    // The mail's own files, linked: no byte copied.
    expect(fwd.attachments.map((a) => a.file_id).sort()).toEqual(stored.map((s) => s.file_id).sort());
    expect(fwd.attachments.find((a) => a.f_name === 'quote.pdf')?.f_size).toBe(PDF.length);
    expect((await api('GET', `maildrafts/${fwd.mdraft_id}/details`)).json.maildrafts.data.attachments).toEqual(fwd.attachments);

    const received = await send(fwd);
    expect(received.subject).toBe('Fwd: Quote and photos');
    expect(attachmentsIn(received)).toEqual(
      [
        { name: 'quote.pdf', bytes: PDF },
        { name: NOTE_NAME, bytes: Buffer.from(NOTE) },
      ].sort((x, y) => x.name.localeCompare(y.name)),
    );
    // Sending deleted the draft, not the mail's files.
    expect(await storedOf(maId)).toEqual(stored);
  });

  it('stores the attachments of a mail synced before they were stored, and lets the user remove one from the draft', async () => {
    const maId = await syncedMail('Old mail');
    await attachmentDb(mailDb(b.db)).deleteFrom('mail_attachments').where('ma_id', '=', maId).execute();

    const fwd = await create({ reply_ma_id: maId, mode: 'forward' });
    const stored = await storedOf(maId);
    expect(stored.map((s) => s.mat_position)).toEqual([0, 1]);
    expect(fwd.attachments.map((a) => a.file_id).sort()).toEqual(stored.map((s) => s.file_id).sort());

    const pdf = fwd.attachments.find((a) => a.f_name === 'quote.pdf')!;
    const res = await api('DELETE', `maildrafts/${fwd.mdraft_id}/attachments/${pdf.file_id}`);
    expect(res.status, res.text).toBe(200);
    const left = res.json.maildrafts.data;
    expect(names(left.attachments)).toEqual([NOTE_NAME]);
    // Removed from the draft only: the mail keeps its file.
    expect(await storedOf(maId)).toEqual(stored);

    const received = await send(left);
    expect(attachmentsIn(received)).toEqual([{ name: NOTE_NAME, bytes: Buffer.from(NOTE) }]);
  });

  it('reads an attachment whose stored file was deleted from the server again, for the draft alone', async () => {
    const maId = await syncedMail('Filed elsewhere');
    const [pdfRow] = await storedOf(maId);
    await attachmentDb(mailDb(b.db)).deleteFrom('files').where('file_id', '=', pdfRow.file_id!).execute();

    const fwd = await create({ reply_ma_id: maId, mode: 'forward' });
    expect(names(fwd.attachments)).toEqual([NOTE_NAME, 'quote.pdf'].sort());
    expect(fwd.attachments.map((a) => a.file_id)).not.toContain(pdfRow.file_id);
    // The user's delete stands: the mail's row still points at no file.
    expect((await storedOf(maId))[0].file_id).toBeNull();

    const received = await send(fwd);
    expect(attachmentsIn(received).find((a) => a.name === 'quote.pdf')?.bytes).toEqual(PDF);
  });

  it('refuses the forward with the reason when the attachments cannot be read from the server, and makes no draft', async () => {
    const maId = await syncedMail('Server away');
    await attachmentDb(mailDb(b.db)).deleteFrom('mail_attachments').where('ma_id', '=', maId).execute();
    const account = await b.db.selectFrom('mailaccounts').select('mis_id').where('mailaccount_id', '=', b.accountId).executeTakeFirstOrThrow();
    const server = await b.db.selectFrom('mailincomingservers').select('mis_port').where('mis_id', '=', account.mis_id!).executeTakeFirstOrThrow();
    await b.db
      .updateTable('mailincomingservers')
      .set({ mis_port: await freePort() })
      .where('mis_id', '=', account.mis_id!)
      .execute();
    try {
      const res = await api('POST', 'maildrafts/create', { reply_ma_id: maId, mode: 'forward' });
      expect(res.status).toBe(409);
      expect(res.json.maildrafts.dbErrors[0]).toMatchObject({
        details: 'attachments',
        primary: expect.stringMatching(/^The attachments of the forwarded mail could not be read from the mail server: .+\.$/),
      });
      expect((await api('POST', 'maildrafts/filter', { reply_ma_id: maId })).json.maildrafts.data).toEqual([]);
    } finally {
      await b.db.updateTable('mailincomingservers').set({ mis_port: server.mis_port }).where('mis_id', '=', account.mis_id!).execute();
    }
  });
});
