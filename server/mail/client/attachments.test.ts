/** Attachments stored as files at sync time, against a real Dovecot: once per mail, downloadable, filed to a job by link. */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb } from '../../db/types';
import type { FileStore } from '../../files/storage';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { createTestBrand, login, uniqueName, useTestApp } from '../../test/helpers';
import { attachmentDb } from '../sync/attachmentTables';
import { syncAccount } from '../sync/syncAccount';
import { createTestAccount, withMailbox } from '../sync/testMailbox';
import { mailDb, type MailDb } from '../tables';
import { mailCalls } from './testKit';

const filesRoot = path.join(os.tmpdir(), `mail-attachments-${randomUUID()}`);
const t = useTestApp({ filesRoot });
const as = mailCalls(t);
let dovecot: Dovecot;
let db: MailDb;
let host: string;

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\n%%EOF\n')]);
const NOTE = 'Árajánlat: 1200 £\n';

function twoAttachments(messageId: string): string {
  const b = 'mix1';
  return [
    'From: Client <client@example.com>',
    'To: office@example.com',
    'Subject: Quote and photos',
    `Message-ID: ${messageId}`,
    'Date: Sun, 01 Nov 2026 09:00:00 +0000',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Two files attached.',
    `--${b}`,
    'Content-Type: application/pdf; name="quote.pdf"',
    'Content-Disposition: attachment; filename="quote.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    PDF.toString('base64'),
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    "Content-Disposition: attachment; filename*=utf-8''%C3%81raj%C3%A1nlat.txt",
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(NOTE).toString('base64'),
    `--${b}--`,
    '',
  ].join('\r\n');
}

beforeAll(async () => {
  dovecot = await startDovecot();
  const brand = await createTestBrand(t.db);
  host = brand.host;
  db = mailDb(brandDb(t.db, brand.schema));
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
  await fs.rm(filesRoot, { recursive: true, force: true });
});

async function mailbox(messageId: string) {
  const user = `${uniqueName('att')}@test.example`;
  const accountId = await createTestAccount(db, dovecot, user, 'pw-1');
  const staff = await db.selectFrom('users').select('us_id').where('email', '=', 'operator@demo.test').execute();
  await db
    .insertInto('mailaccount_users')
    .values(staff.map((s) => ({ mailaccount_id: accountId, us_id: s.us_id })))
    .execute();
  await withMailbox(dovecot, user, 'pw-1', async (c) => {
    await c.mailboxCreate('Archive');
    await c.append('INBOX', twoAttachments(messageId));
  });
  const sync = (store: FileStore = t.app.fileStore) => syncAccount(db, accountId, { fileStore: store });
  const maId = async () => Number((await db.selectFrom('mails').select('ma_id').where('mailaccount_id', '=', accountId).executeTakeFirstOrThrow()).ma_id);
  return { user, accountId, sync, maId };
}

const rowsOf = (maId: number) =>
  attachmentDb(db)
    .selectFrom('mail_attachments as m')
    .innerJoin('files as f', 'f.file_id', 'm.file_id')
    .select(['m.mat_position', 'm.mat_name', 'm.file_id', 'f.f_grp_id', 'f.f_storage_name'])
    .where('m.ma_id', '=', maId)
    .orderBy('m.mat_position')
    .execute();

async function storedFileCount(): Promise<number> {
  const months = await fs.readdir(filesRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  return months.filter((e) => e.isFile() && !e.parentPath.includes('.staging')).length;
}

async function download(maId: number, index: number) {
  const cookie = await login(t.app, host, 'operator@demo.test');
  return t.app.inject({ method: 'GET', url: `/api/mails/${maId}/attachments/${index}`, headers: { host, cookie } });
}

describe('mail attachments stored as files', () => {
  it('stores both attachments of a synced mail, and downloads them with the right bytes and headers', async () => {
    const box = await mailbox(`<two-${randomUUID()}@client.example>`);
    expect((await box.sync()).error).toBeUndefined();
    const maId = await box.maId();
    const rows = await rowsOf(maId);
    expect(rows.map((r) => [r.mat_position, r.mat_name, r.f_grp_id])).toEqual([
      [0, 'quote.pdf', 'EMAILATTACHMENTS'],
      [1, 'Árajánlat.txt', 'EMAILATTACHMENTS'],
    ]);

    const op = await as(host);
    const list = await op('GET', `mails/${maId}/attachments`);
    expect(list.json.mails.data).toEqual([
      { index: 0, filename: 'quote.pdf', content_type: 'application/pdf', size: PDF.length },
      { index: 1, filename: 'Árajánlat.txt', content_type: 'text/plain', size: Buffer.byteLength(NOTE) },
    ]);
    const pdf = await download(maId, 0);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    expect(pdf.headers['content-type']).toBe('application/octet-stream');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="quote.pdf"; filename*=UTF-8\'\'quote.pdf');
    const note = await download(maId, 1);
    expect(note.rawPayload.toString('utf8')).toBe(NOTE);
    expect(String(note.headers['content-disposition'])).toBe(`attachment; filename="_raj_nlat.txt"; filename*=UTF-8''${encodeURIComponent('Árajánlat.txt')}`);
    expect((await download(maId, 2)).statusCode).toBe(404);
  });

  it('a re-sync or a copy in a second folder stores nothing new', async () => {
    const box = await mailbox(`<copy-${randomUUID()}@client.example>`);
    await box.sync();
    const maId = await box.maId();
    const before = await rowsOf(maId);
    const filesBefore = await storedFileCount();
    await box.sync();
    await withMailbox(dovecot, box.user, 'pw-1', async (c) => {
      const lock = await c.getMailboxLock('INBOX');
      await c.messageCopy('1:*', 'Archive');
      lock.release();
    });
    const again = await box.sync();
    expect(again.folders.Archive).toMatchObject({ added: 1 });
    expect(await db.selectFrom('mail_locations').select('ifolder_id').where('ma_id', '=', maId).execute()).toHaveLength(2);
    expect(await rowsOf(maId)).toEqual(before);
    expect(await storedFileCount()).toBe(filesBefore);
  });

  it('a sync stopped between storing the files and their rows stores them on the next sync', async () => {
    const box = await mailbox(`<stop-${randomUUID()}@client.example>`);
    let puts = 0;
    const failing: FileStore = {
      stagingPath: () => t.app.fileStore.stagingPath(),
      open: (key) => t.app.fileStore.open(key),
      remove: async () => undefined,
      put: async (key, staged) => {
        puts += 1;
        if (puts === 2) throw new Error('disk gone');
        await t.app.fileStore.put(key, staged);
      },
    };
    const stopped = await box.sync(failing);
    expect(stopped.folders.INBOX).toEqual({ error: 'disk gone' });
    const kept = await attachmentDb(db)
      .selectFrom('mail_attachments as m')
      .innerJoin('mails as x', 'x.ma_id', 'm.ma_id')
      .select('m.ma_id')
      .where('x.mailaccount_id', '=', box.accountId)
      .execute();
    expect(kept).toEqual([]);
    await box.sync();
    const maId = await box.maId();
    expect((await rowsOf(maId)).map((r) => r.mat_name)).toEqual(['quote.pdf', 'Árajánlat.txt']);
    expect((await download(maId, 0)).rawPayload.equals(PDF)).toBe(true);
  });

  it('reads from the IMAP server a mail synced before attachments were stored', async () => {
    const box = await mailbox(`<old-${randomUUID()}@client.example>`);
    await box.sync();
    const maId = await box.maId();
    await attachmentDb(db).deleteFrom('mail_attachments').where('ma_id', '=', maId).execute();
    const op = await as(host);
    expect((await op('GET', `mails/${maId}/attachments`)).json.mails.data.map((a: { filename: string }) => a.filename)).toEqual(['quote.pdf', 'Árajánlat.txt']);
    const note = await download(maId, 1);
    expect(note.rawPayload.toString('utf8')).toBe(NOTE);
    expect(note.headers['x-content-type-options']).toBe('nosniff');
  });

  it("files the stored attachments to a job by link: they are the job's documents, once", async () => {
    const box = await mailbox(`<job-${randomUUID()}@client.example>`);
    await box.sync();
    const maId = await box.maId();
    const de = await db
      .insertInto('departments')
      .values({ de_name: 'Attachments', de_prefix: uniqueName('AT') })
      .returning('de_id')
      .executeTakeFirstOrThrow();
    const job = await db
      .insertInto('jobs')
      .values({ de_id: de.de_id, job_number: uniqueName('AT') })
      .returning('job_id')
      .executeTakeFirstOrThrow();
    const op = await as(host);
    const res = await op('POST', 'mails/assignfilestojob', { ma_id: maId, job_id: job.job_id });
    expect(res.status, res.text).toBe(200);
    const stored = await rowsOf(maId);
    expect(res.json.mails.data.file_ids).toEqual(stored.map((r) => r.file_id));
    expect((await op('POST', 'mails/assignfilestojob', { ma_id: maId, job_id: job.job_id, indexes: [1] })).status).toBe(200);
    const docs = await op('POST', `jobs/${job.job_id}/documents/filter?page=1&size=10`, { f_grp_id: 'EMAILATTACHMENTS' });
    expect(docs.status, docs.text).toBe(200);
    expect(docs.json.jobs.data.map((d: { name: string }) => d.name).sort()).toEqual(['quote.pdf', 'Árajánlat.txt']);
  });

  it('a mail deleted on the server takes its stored files along, except one a job uses', async () => {
    const box = await mailbox(`<gone-${randomUUID()}@client.example>`);
    await box.sync();
    const maId = await box.maId();
    const [pdf, note] = await rowsOf(maId);
    const de = await db
      .insertInto('departments')
      .values({ de_name: 'Kept', de_prefix: uniqueName('KP') })
      .returning('de_id')
      .executeTakeFirstOrThrow();
    const job = await db
      .insertInto('jobs')
      .values({ de_id: de.de_id, job_number: uniqueName('KP') })
      .returning('job_id')
      .executeTakeFirstOrThrow();
    const op = await as(host);
    expect((await op('POST', 'mails/assignfilestojob', { ma_id: maId, job_id: job.job_id, indexes: [0] })).status).toBe(200);
    const filesBefore = await storedFileCount();
    await withMailbox(dovecot, box.user, 'pw-1', async (c) => {
      const lock = await c.getMailboxLock('INBOX');
      await c.messageDelete('1:*');
      lock.release();
    });
    expect((await box.sync()).orphansRemoved).toBe(1);
    const left = await attachmentDb(db).selectFrom('files').select('file_id').where('file_id', 'in', [pdf.file_id!, note.file_id!]).execute();
    expect(left.map((f) => f.file_id)).toEqual([pdf.file_id]);
    expect(await storedFileCount()).toBe(filesBefore - 1);
  });
});
