/** SPEC.md point 7's mails/list, mails/select and mails/sync/{id} on the demo mailbox (no incoming server). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailListRow } from '../../../core/mail/client/types';
import { useTestApp } from '../../test/helpers';
import { HOSTILE_CORPUS } from './hostileCorpus';
import { mailBrand, mailCalls } from './testKit';

const t = useTestApp();
const as = mailCalls(t);
let a: Awaited<ReturnType<typeof mailBrand>>;
let junkId: number;

beforeAll(async () => {
  a = await mailBrand(t.db);
  junkId = (
    await a.db
      .selectFrom('imapfolders')
      .select('ifolder_id')
      .where('mailaccount_id', '=', a.accountId)
      .where('ifolder_path', '=', 'Junk')
      .executeTakeFirstOrThrow()
  ).ifolder_id;
}, 60_000);

describe('mail client: list, select and sync on request', () => {
  it("GET mails/list pages the user's mails newest first, per account or folder, and checks its query", async () => {
    const op = await as(a.host);
    const res = await op('GET', 'mails/list?limit=5&totalcount=1');
    expect(res.status, res.text).toBe(200);
    const rows = res.json.mails.data as MailListRow[];
    expect(rows).toHaveLength(5);
    const dates = rows.map((r) => r.mail_date ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    const filtered = (await op('POST', 'mails/filter?limit=5&totalcount=1', {})).json.mails;
    expect(res.json.mails.metadata.totalCount).toBe(filtered.metadata.totalCount);
    expect(rows.map((r) => r.ma_id)).toEqual(filtered.data.map((r: MailListRow) => r.ma_id));
    const second = (await op('GET', 'mails/list?limit=5&pagenumber=2')).json.mails.data as MailListRow[];
    expect(second.map((r) => r.ma_id).some((id) => rows.some((r) => r.ma_id === id))).toBe(false);

    const junk = await op('GET', `mails/list?ifolder_id=${junkId}&limit=200&totalcount=1`);
    expect(junk.json.mails.metadata.totalCount).toBe(HOSTILE_CORPUS.length);
    expect((await op('GET', `mails/list?mailaccount_id=${a.accountId}&limit=1`)).json.mails.data).toHaveLength(1);
    expect((await op('GET', `mails/list?mailaccount_id=${a.accountId + 100000}`)).json.mails.data).toEqual([]);
    expect((await op('GET', 'mails/list?ifolder_id=abc')).status).toBe(400);
    expect((await (await as(a.host, 'customer@demo.test'))('GET', 'mails/list')).status).toBe(403);
  });

  it('POST mails/select answers the ids of every mail matching the filter, with their count', async () => {
    const op = await as(a.host);
    const res = await op('POST', 'mails/select', { stext: 'Wartung' });
    expect(res.status, res.text).toBe(200);
    const listed = (await op('POST', 'mails/filter?limit=500', { stext: 'Wartung' })).json.mails.data as MailListRow[];
    expect(res.json.mails.data).toEqual(listed.map((r) => r.ma_id));
    expect(res.json.mails.metadata.totalCount).toBe(listed.length);
    const junk = await op('POST', 'mails/select', { ifolder_id: junkId });
    expect(junk.json.mails.data).toHaveLength(HOSTILE_CORPUS.length);
    const all = await op('POST', 'mails/select', {});
    expect(all.json.mails.data).toHaveLength(Math.min(500, all.json.mails.metadata.totalCount));
    expect((await op('POST', 'mails/select', { is_seen: 'x' })).json.mails.dbErrors[0]).toMatchObject({ details: 'is_seen', primary: 'Invalid value' });
    const outsider = await as(a.host, 'user@demo.test');
    const user = await a.db.selectFrom('users').select('us_id').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
    await a.db.deleteFrom('mailaccount_users').where('us_id', '=', user.us_id).execute();
    expect((await outsider('POST', 'mails/select', {})).json.mails.data).toEqual([]);
  });

  it('POST mails/sync/{id} is for users linked to an enabled account; an account without a server has nothing to sync', async () => {
    const op = await as(a.host);
    const res = await op('POST', `mails/sync/${a.accountId}`);
    expect(res.status, res.text).toBe(202);
    expect(res.json.mails.data).toEqual({ mailaccount_id: a.accountId, sync: 'no_server' });
    const created = await a.db
      .insertInto('mailaccounts')
      .values({ ma_name: 'Not linked', ma_email: 'other@demo.test' })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    const foreign = await op('POST', `mails/sync/${created.mailaccount_id}`);
    expect(foreign.status).toBe(403);
    expect(foreign.json.mails.dbErrors[0].general).toBe('record');
    expect((await op('POST', `mails/sync/${created.mailaccount_id + 1000}`)).status).toBe(403);
    // user@demo.test was unlinked by the test before.
    expect((await (await as(a.host, 'user@demo.test'))('POST', `mails/sync/${a.accountId}`)).status).toBe(403);
    await a.db.updateTable('mailaccounts').set({ ma_enabled: false }).where('mailaccount_id', '=', a.accountId).execute();
    try {
      expect((await op('POST', `mails/sync/${a.accountId}`)).status).toBe(403);
    } finally {
      await a.db.updateTable('mailaccounts').set({ ma_enabled: true }).where('mailaccount_id', '=', a.accountId).execute();
    }
    expect((await (await as(a.host, 'customer@demo.test'))('POST', `mails/sync/${a.accountId}`)).status).toBe(403);
  });
});
