/**
 * One hostile mail never stops a folder's sync, against a real Dovecot and through the real server:
 * a folder holds ordinary mails and, among them, an HTML mail nested 2,500 <div>s deep, a mail
 * whose text holds U+0000 (which PostgreSQL refuses) and a mail the database refuses outright. The
 * ordinary mails are all stored, the deep one partly (marked, its raw source downloadable), the
 * refused one is recorded as skipped on the folder table, and the cursor moves on.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandDb } from '../../db/types';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { call, createTestBrand, login, uniqueName, useTestApp } from '../../test/helpers';
import { mailDb, type MailDb } from '../tables';
import { rawMail, withMailbox } from './testMailbox';

const t = useTestApp();
let host: string;
let schema: string;
let db: MailDb;
let admin: string;
let operator: string;
let users: Record<string, number>;
let dovecot: Dovecot;

beforeAll(async () => {
  const brand = await createTestBrand(t.db);
  ({ host, schema, users } = brand);
  db = mailDb(brandDb(t.db, schema));
  admin = await login(t.app, host, 'admin@demo.test');
  operator = await login(t.app, host, 'operator@demo.test');
  dovecot = await startDovecot();
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
});

const as = (cookie: string) => (method: 'GET' | 'POST', url: string, body?: unknown) => call(t.app, { method, url, host, cookie, body });

async function waitFor<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** 2,500 nested <div>s: mailparser cannot turn this HTML into text (html-to-text's walk would overflow). */
const DEEP_HTML = `<p>Hostile</p>${'<div>'.repeat(2500)}deep${'</div>'.repeat(2500)}`;

function nulMail(): string {
  // Base64 so the NUL travels through IMAP; decoded, the text holds it.
  return [
    'From: Client <client@example.com>',
    'To: office@example.com',
    'Subject: Text with a NUL',
    `Message-ID: <nul.${Date.now()}@test.example>`,
    'Date: Sun, 01 Nov 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('before\u0000after').toString('base64'),
    '',
  ].join('\r\n');
}

describe('a hostile mail in a folder', () => {
  it('never stops the sync: ordinary mails stored, the poison one partly, the unreadable one skipped, the cursor moves on', async () => {
    // A mail the database refuses whatever the sync does (as a corrupt row or a constraint would).
    await sql`create function ${sql.id(schema, 'refuse_poison')}() returns trigger language plpgsql as $$
      begin
        if new.mail_subject = 'Refused by the database' then raise exception 'poison row refused by trigger' using errcode = 'data_exception'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger refuse_poison before insert on ${sql.id(schema, 'mails')} for each row execute function ${sql.id(schema, 'refuse_poison')}()`.execute(
      db,
    );

    const user = `${uniqueName('poison')}@test.example`;
    await dovecot.addUser(user, 'pw-1');
    const deep = rawMail({ subject: 'Deeply nested', html: DEEP_HTML });
    await withMailbox(dovecot, user, 'pw-1', async (c) => {
      await c.append('INBOX', rawMail({ subject: 'Ordinary one' }));
      await c.append('INBOX', deep);
      await c.append('INBOX', nulMail());
      await c.append('INBOX', rawMail({ subject: 'Refused by the database' }));
      await c.append('INBOX', rawMail({ subject: 'Ordinary two' }));
    });

    const adm = as(admin);
    const server = (
      await adm('POST', '/api/mailincomingservers/create', {
        mis_name: 'Dovecot',
        mis_host: dovecot.host,
        mis_port: dovecot.port,
        mis_secure: false,
        mis_user: user,
        mis_pass: 'pw-1',
      })
    ).json.mailincomingservers.data;
    const account = (await adm('POST', '/api/mailaccounts/create', { ma_name: 'Poison', ma_email: user, mis_id: server.mis_id })).json.mailaccounts.data;
    const id = account.mailaccount_id as number;
    await adm('POST', `/api/mailaccounts/${id}/assignusers`, { _bulk: [{ us_id: users.Operator, maxu_user_can_send: true, maxu_user_can_delete: true }] });
    await adm('POST', `/api/mailaccounts/${id}/sync`);

    type Folder = { ifolder_path: string; messages_synced: number; sync_error: string | null; skipped: { uid: number; reason: string }[] };
    const inboxOf = async () =>
      ((await adm('POST', '/api/imapfolders/filter', { mailaccount_id: id })).json.imapfolders.data as Folder[]).find((f) => f.ifolder_path === 'INBOX');
    const inbox = await waitFor(inboxOf, (f) => (f?.messages_synced ?? 0) >= 5);
    expect(inbox).toMatchObject({ messages_synced: 5, sync_error: null });
    expect(inbox!.skipped).toEqual([{ uid: 4, reason: expect.stringContaining('poison row refused by trigger'), skipped_at: expect.any(String) }]);
    const folderRow = await db
      .selectFrom('imapfolders')
      .selectAll()
      .where('mailaccount_id', '=', id)
      .where('ifolder_path', '=', 'INBOX')
      .executeTakeFirstOrThrow();
    expect(Number(folderRow.last_uid)).toBe(5);

    const mails = await db.selectFrom('mails').selectAll().where('mailaccount_id', '=', id).orderBy('mail_date').execute();
    expect(mails.map((m) => m.mail_subject).sort()).toEqual(['Deeply nested', 'Ordinary one', 'Ordinary two', 'Text with a NUL']);
    expect(mails.find((m) => m.mail_subject === 'Text with a NUL')).toMatchObject({ mail_text: 'beforeafter', mail_partial: null });
    const poison = mails.find((m) => m.mail_subject === 'Deeply nested')!;
    expect(poison.mail_partial).toMatch(/nested deeper/i);
    expect(poison.mail_html).toBeNull();
    expect(poison.source_file_id).not.toBeNull();
    expect(mails.filter((m) => m.mail_subject?.startsWith('Ordinary')).every((m) => m.mail_partial === null && m.source_file_id === null)).toBe(true);

    // The user sees the mark and can download the whole message as it came.
    const op = as(operator);
    const details = await op('GET', `/api/mails/${poison.ma_id}/details`);
    expect(details.status).toBe(200);
    expect(details.json.mails.data.partial).toMatch(/nested deeper/i);
    const ordinary = mails.find((m) => m.mail_subject === 'Ordinary one')!;
    expect((await op('GET', `/api/mails/${ordinary.ma_id}/details`)).json.mails.data.partial).toBeNull();
    const source = await op('GET', `/api/mails/${poison.ma_id}/source`);
    expect(source.status).toBe(200);
    expect(source.headers['content-disposition']).toMatch(/^attachment;/);
    expect(source.text).toBe(deep);

    // The next sync starts after the poison: nothing retried, new mail comes in.
    const idle = () => db.selectFrom('mailaccounts').select('sync_status').where('mailaccount_id', '=', id).executeTakeFirstOrThrow();
    expect((await waitFor(idle, (a) => a.sync_status !== 'running')).sync_status).toBe('idle');
    await withMailbox(dovecot, user, 'pw-1', (c) => c.append('INBOX', rawMail({ subject: 'Ordinary three' })).then(() => undefined));
    await adm('POST', `/api/mailaccounts/${id}/sync`);
    const after = await waitFor(inboxOf, (f) => (f?.messages_synced ?? 0) >= 6);
    expect(after).toMatchObject({ messages_synced: 6, sync_error: null });
    expect(after!.skipped.map((k) => k.uid)).toEqual([4]);
    const subjects = (await db.selectFrom('mails').select('mail_subject').where('mailaccount_id', '=', id).execute()).map((m) => m.mail_subject);
    expect(subjects).toContain('Ordinary three');
    expect(subjects).toHaveLength(5);
  }, 90_000);
});
