/** The client's changes reach a real Dovecot: flags, attachments stored at sync, final delete. */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb } from '../../db/types';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { createTestBrand, uniqueName, useTestApp } from '../../test/helpers';
import { syncAccount as syncWith } from '../sync/syncAccount';
import { createTestAccount, withMailbox } from '../sync/testMailbox';
import { mailDb, type MailDb } from '../tables';
import { mailCalls } from './testKit';

const t = useTestApp({ filesRoot: path.join(os.tmpdir(), `mail-imap-files-${randomUUID()}`) });
// Attachments go to the app's (temporary) file store, where the download routes read them.
const syncAccount = (d: MailDb, id: number) => syncWith(d, id, { fileStore: t.app.fileStore });
const as = mailCalls(t);
let dovecot: Dovecot;
let db: MailDb;
let host: string;
let user: string;
let accountId: number;

const boundary = 'b1';
const WITH_ATTACHMENT = [
  'From: Client <client@example.com>',
  'To: office@example.com',
  'Subject: Photos of the leak',
  'Message-ID: <att1@client.example>',
  'Date: Sun, 01 Nov 2026 09:00:00 +0000',
  'MIME-Version: 1.0',
  `Content-Type: multipart/mixed; boundary="${boundary}"`,
  '',
  `--${boundary}`,
  'Content-Type: text/plain; charset=utf-8',
  '',
  'See the attached report.',
  `--${boundary}`,
  'Content-Type: text/html; name="report.html"',
  'Content-Disposition: attachment; filename="../../evil\\"report.html"',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('<script>alert(1)</script>').toString('base64'),
  `--${boundary}--`,
  '',
].join('\r\n');

const PLAIN = [
  'From: Supplier <s@example.com>',
  'To: office@example.com',
  'Subject: Delivery note',
  'Message-ID: <plain1@client.example>',
  'Date: Sun, 01 Nov 2026 10:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Delivered.',
  '',
].join('\r\n');

beforeAll(async () => {
  dovecot = await startDovecot();
  const brand = await createTestBrand(t.db);
  host = brand.host;
  db = mailDb(brandDb(t.db, brand.schema));
  user = `${uniqueName('box')}@test.example`;
  accountId = await createTestAccount(db, dovecot, user, 'pw-1');
  const staff = await db.selectFrom('users').select('us_id').where('email', 'in', ['operator@demo.test', 'admin@demo.test']).execute();
  await db
    .insertInto('mailaccount_users')
    .values(staff.map((s) => ({ mailaccount_id: accountId, us_id: s.us_id, maxu_user_can_delete: true })))
    .execute();
  await withMailbox(dovecot, user, 'pw-1', async (c) => {
    await c.append('INBOX', WITH_ATTACHMENT);
    await c.append('INBOX', PLAIN);
  });
  const result = await syncAccount(db, accountId);
  expect(result.error).toBeUndefined();
}, 90_000);

afterAll(async () => {
  await dovecot?.stop();
});

/** Subject → flags of a folder's mails; \Recent (a session flag of whoever looks first) is left out. */
const serverFlags = (folder = 'INBOX') =>
  withMailbox(dovecot, user, 'pw-1', async (c) => {
    const lock = await c.getMailboxLock(folder);
    try {
      const out: Record<string, string[]> = {};
      if (c.mailbox && c.mailbox.exists === 0) return out;
      for await (const m of c.fetch('1:*', { flags: true, envelope: true }))
        out[m.envelope?.subject ?? ''] = [...(m.flags ?? [])].filter((f) => f !== '\\Recent').sort();
      return out;
    } finally {
      lock.release();
    }
  });

const folderId = async (path: string) =>
  (await db.selectFrom('imapfolders').select('ifolder_id').where('mailaccount_id', '=', accountId).where('ifolder_path', '=', path).executeTakeFirstOrThrow())
    .ifolder_id;
const placesOf = async (maId: number) =>
  (await db.selectFrom('mail_locations').select('ifolder_id').where('ma_id', '=', maId).execute()).map((l) => l.ifolder_id);

const idOf = async (subject: string) =>
  Number(
    (await db.selectFrom('mails').select('ma_id').where('mailaccount_id', '=', accountId).where('mail_subject', '=', subject).executeTakeFirstOrThrow()).ma_id,
  );

describe('mail client against Dovecot', () => {
  it('sends flags to the IMAP server, one and in bulk', async () => {
    const op = await as(host);
    const photos = await idOf('Photos of the leak');
    const note = await idOf('Delivery note');
    const one = await op('PATCH', `mails/${photos}`, { is_seen: true, is_flagged: true, is_ready: true });
    expect(one.status, one.text).toBe(200);
    const bulk = await op('PATCH', 'mails', {
      _bulk: [
        { ma_id: note, is_spam: true },
        { ma_id: photos, is_flagged: false },
      ],
    });
    expect(bulk.status, bulk.text).toBe(200);
    const flags = await serverFlags();
    expect(flags['Photos of the leak']).toEqual(['$Ready', '\\Seen']);
    expect(flags['Delivery note']).toEqual(['$Junk']);
  });

  it('sends a delete to the server without expunging: into Trash, restored to the Inbox, and the sync keeps both', async () => {
    const op = await as(host);
    const note = await idOf('Delivery note');
    const trash = await folderId('Trash');
    const deleted = await op('PATCH', `mails/${note}`, { is_deleted: true });
    expect(deleted.status, deleted.text).toBe(200);
    expect(Object.keys(await serverFlags())).not.toContain('Delivery note');
    expect((await serverFlags('Trash'))['Delivery note']).toEqual(['$Junk']);
    expect(await placesOf(note)).toEqual([trash]);
    await syncAccount(db, accountId);
    expect(await db.selectFrom('mails').select('is_deleted').where('ma_id', '=', note).executeTakeFirstOrThrow()).toEqual({ is_deleted: true });
    expect(await placesOf(note)).toEqual([trash]);

    const restored = await op('PATCH', `mails/${note}`, { is_deleted: false });
    expect(restored.status, restored.text).toBe(200);
    expect((await serverFlags())['Delivery note']).toEqual(['$Junk']);
    expect(Object.keys(await serverFlags('Trash'))).toEqual([]);
    expect(await placesOf(note)).toEqual([await folderId('INBOX')]);
    await syncAccount(db, accountId);
    expect(await db.selectFrom('mails').select('is_deleted').where('ma_id', '=', note).executeTakeFirstOrThrow()).toEqual({ is_deleted: false });
  });

  it('without a Trash folder a delete sets \\Deleted and expunges nothing; restoring takes it off', async () => {
    const op = await as(host);
    const note = await idOf('Delivery note');
    await db.updateTable('imapfolders').set({ ifolder_type: 'other' }).where('mailaccount_id', '=', accountId).where('ifolder_path', '=', 'Trash').execute();
    try {
      expect((await op('PATCH', 'mails', { _bulk: [{ ma_id: note, is_deleted: true }] })).status).toBe(200);
      expect((await serverFlags())['Delivery note']).toEqual(['$Junk', '\\Deleted']);
      await syncAccount(db, accountId);
      expect(await db.selectFrom('mails').select('is_deleted').where('ma_id', '=', note).executeTakeFirstOrThrow()).toEqual({ is_deleted: true });
      expect((await op('PATCH', `mails/${note}`, { is_deleted: false })).status).toBe(200);
      expect((await serverFlags())['Delivery note']).toEqual(['$Junk']);
    } finally {
      await db.updateTable('imapfolders').set({ ifolder_type: 'trash' }).where('mailaccount_id', '=', accountId).where('ifolder_path', '=', 'Trash').execute();
    }
  });

  it('lists and downloads the stored attachments as safe downloads', async () => {
    const op = await as(host);
    const photos = await idOf('Photos of the leak');
    const list = await op('GET', `mails/${photos}/attachments`);
    expect(list.status, list.text).toBe(200);
    expect(list.json.mails.data).toEqual([{ index: 0, filename: 'evil_report.html', content_type: 'text/html', size: 25 }]);
    const file = await op('GET', `mails/${photos}/attachments/0`);
    expect(file.status).toBe(200);
    expect(file.text).toBe('<script>alert(1)</script>');
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename="evil_report.html"/);
    expect((await op('GET', `mails/${photos}/attachments/1`)).status).toBe(404);
  });

  it("files a mail's attachments to a job: they are the job's e-mail attachments documents", async () => {
    const op = await as(host);
    const photos = await idOf('Photos of the leak');
    const de = await db
      .insertInto('departments')
      .values({ de_name: 'Mail test', de_prefix: uniqueName('MT') })
      .returning('de_id')
      .executeTakeFirstOrThrow();
    const job = await db
      .insertInto('jobs')
      .values({ de_id: de.de_id, job_number: uniqueName('MT') })
      .returning('job_id')
      .executeTakeFirstOrThrow();
    expect((await op('POST', 'mails/assignfilestojob', { ma_id: photos, job_id: job.job_id, indexes: [3] })).status).toBe(400);
    const res = await op('POST', 'mails/assignfilestojob', { ma_id: photos, job_id: job.job_id });
    expect(res.status, res.text).toBe(200);
    expect(res.json.mails.data.file_ids).toHaveLength(1);
    const docs = await op('POST', `jobs/${job.job_id}/documents/filter?page=1&size=10`, { f_grp_id: 'EMAILATTACHMENTS' });
    expect(docs.status, docs.text).toBe(200);
    expect(docs.json.jobs.data.map((d: { name: string; f_grp_id: string }) => [d.name, d.f_grp_id])).toEqual([['evil_report.html', 'EMAILATTACHMENTS']]);
  });

  it('moves a mail on the server and follows its new UID', async () => {
    const op = await as(host);
    await withMailbox(dovecot, user, 'pw-1', (c) => c.mailboxCreate('Archive'));
    await syncAccount(db, accountId);
    const archive = await db
      .selectFrom('imapfolders')
      .select('ifolder_id')
      .where('mailaccount_id', '=', accountId)
      .where('ifolder_path', '=', 'Archive')
      .executeTakeFirstOrThrow();
    const photos = await idOf('Photos of the leak');
    const res = await op('POST', `mails/${photos}/move`, { ifolder_id: archive.ifolder_id });
    expect(res.status, res.text).toBe(200);
    const inArchive = await withMailbox(dovecot, user, 'pw-1', async (c) => {
      const lock = await c.getMailboxLock('Archive');
      try {
        return (await c.fetchAll('1:*', { envelope: true, uid: true })).map((m) => ({ subject: m.envelope?.subject, uid: m.uid }));
      } finally {
        lock.release();
      }
    });
    expect(inArchive.map((m) => m.subject)).toEqual(['Photos of the leak']);
    const places = await db.selectFrom('mail_locations').select(['ifolder_id', 'uid']).where('ma_id', '=', photos).execute();
    expect(places).toEqual([{ ifolder_id: archive.ifolder_id, uid: inArchive[0].uid }]);
    await syncAccount(db, accountId);
    expect(await db.selectFrom('mail_locations').select(['ifolder_id', 'uid']).where('ma_id', '=', photos).execute()).toEqual(places);
    await op('POST', `mails/${photos}/move`, {
      ifolder_id: (
        await db
          .selectFrom('imapfolders')
          .select('ifolder_id')
          .where('mailaccount_id', '=', accountId)
          .where('ifolder_path', '=', 'INBOX')
          .executeTakeFirstOrThrow()
      ).ifolder_id,
    });
  });

  it('expunges a final delete on the server, and the next sync does not bring it back', async () => {
    const op = await as(host);
    const note = await idOf('Delivery note');
    const res = await op('POST', 'mails/mailListFinalDelete', { mail_ids: [note] });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(await serverFlags())).toEqual(['Photos of the leak']);
    await syncAccount(db, accountId);
    const subjects = await db.selectFrom('mails').select('mail_subject').where('mailaccount_id', '=', accountId).execute();
    expect(subjects.map((s) => s.mail_subject)).toEqual(['Photos of the leak']);
  });

  it('syncs an account on request of a user linked to it (mails/sync/{id}), and refuses others', async () => {
    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', PLAIN.replace('Delivery note', 'Late arrival').replace('plain1@', 'late1@')));
    const op = await as(host);
    const res = await op('POST', `mails/sync/${accountId}`);
    expect(res.status, res.text).toBe(202);
    expect(res.json.mails.data).toEqual({ mailaccount_id: accountId, sync: 'started' });
    const deadline = Date.now() + 30_000;
    let arrived = false;
    while (!arrived && Date.now() < deadline) {
      const row = await db
        .selectFrom('mails')
        .select('ma_id')
        .where('mailaccount_id', '=', accountId)
        .where('mail_subject', '=', 'Late arrival')
        .executeTakeFirst();
      const account = await db.selectFrom('mailaccounts').select('sync_status').where('mailaccount_id', '=', accountId).executeTakeFirstOrThrow();
      arrived = row !== undefined && account.sync_status !== 'running';
      if (!arrived) await new Promise((r) => setTimeout(r, 200));
    }
    expect(arrived).toBe(true);
    const developer = await as(host, 'developer@demo.test');
    const refused = await developer('POST', `mails/sync/${accountId}`);
    expect(refused.status).toBe(403);
    expect(refused.json.mails.dbErrors[0].general).toBe('record');
  });
});
