/** Tags go back to the IMAP server as keywords (real Dovecot). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { call, login, useTestApp } from '../../test/helpers';
import { syncAccount } from '../sync/syncAccount';
import { rawMail, withMailbox } from '../sync/testMailbox';
import { mailDb } from '../tables';
import { tagKeyword } from './tagKeywords';
import { composeBrand, type ComposeBrand } from './testFixture';

const t = useTestApp();
let dovecot: Dovecot;
let b: ComposeBrand;
let cookie: string;

beforeAll(async () => {
  dovecot = await startDovecot();
  b = await composeBrand(t.db, dovecot, 1);
  await b.link(await b.usId('operator@demo.test'), true);
  cookie = await login(t.app, b.host, 'operator@demo.test');
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
});

const api = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => call(t.app, { method, url: `/api/${url}`, host: b.host, cookie, body });
const keywordsOnServer = () =>
  withMailbox(dovecot, b.mailbox.user, b.mailbox.password, async (c) => {
    const lock = await c.getMailboxLock('INBOX');
    try {
      const [m] = await c.fetchAll('1:*', { flags: true });
      return [...(m.flags ?? [])].filter((f) => !f.startsWith('\\'));
    } finally {
      lock.release();
    }
  });

describe('tags as IMAP keywords', () => {
  it('makes keywords from any tag name', () => {
    expect(tagKeyword('Needs call (today)')).toBe('Needs_call_today_');
    expect(tagKeyword('$$')).toBe('tag');
  });

  it('adds, renames and removes the keyword on the server copy', async () => {
    await withMailbox(dovecot, b.mailbox.user, b.mailbox.password, (c) => c.append('INBOX', rawMail({ subject: 'Tag me' })));
    await syncAccount(mailDb(b.db), b.accountId);
    const mail = await b.db
      .selectFrom('mails')
      .select('ma_id')
      .where('mailaccount_id', '=', b.accountId)
      .where('mail_subject', '=', 'Tag me')
      .executeTakeFirstOrThrow();
    const tag = (await api('POST', 'mailtags/create', { mt_name: 'Needs call' })).json.mailtags.data;

    let res = await api('POST', `mailtags/${tag.mt_id}/assign`, { ma_ids: [mail.ma_id] });
    expect(res.json.mailtags.data.imap_error).toBeNull();
    expect(await keywordsOnServer()).toEqual(['Needs_call']);

    res = await api('PATCH', `mailtags/${tag.mt_id}`, { mt_name: 'Call back' });
    expect(res.json.mailtags.data).toMatchObject({ mt_name: 'Call back', imap_error: null });
    expect(await keywordsOnServer()).toEqual(['Call_back']);

    await api('POST', `mailtags/${tag.mt_id}/unassign`, { ma_ids: [mail.ma_id] });
    expect(await keywordsOnServer()).toEqual([]);
  });
});
