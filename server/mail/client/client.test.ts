/** The mail client's reading calls on a brand with the demo mailbox: scoping, search, groups, the job tab. */
import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_GROUPS } from '../../../core/mail/client/dateGroups';
import type { MailAccountInfo, MailListRow } from '../../../core/mail/client/types';
import { useTestApp } from '../../test/helpers';
import { mailBrand, mailCalls } from './testKit';

const t = useTestApp();
const as = mailCalls(t);
let a: Awaited<ReturnType<typeof mailBrand>>;
let b: Awaited<ReturnType<typeof mailBrand>>;

beforeAll(async () => {
  a = await mailBrand(t.db);
  // Brand B's mail ids start far above A's, so B has ids that A does not.
  b = await mailBrand(t.db, undefined, { firstMailId: 1_000_000_000 });
}, 60_000);

const NOT_FOUND = 'The requested email/draft does not exist or you do not have permission to view it.';

describe('mail client: reading', () => {
  it('lists the linked accounts with folders and unread counts, and nothing for an unlinked user', async () => {
    const op = await as(a.host);
    const res = await op('GET', 'mails/accounts');
    expect(res.status, res.text).toBe(200);
    const accounts = res.json.mails.data as MailAccountInfo[];
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ ma_name: 'Office', ma_email: 'office@demo.test', can_send: true, can_delete: true });
    expect(accounts[0].folders.map((f) => f.ifolder_path)).toEqual(['INBOX', 'Archive', 'Junk', 'Sent']);
    expect(accounts[0].folders[0].unread).toBeGreaterThan(0);

    const user = await a.db.selectFrom('users').select('us_id').where('email', '=', 'user@demo.test').executeTakeFirstOrThrow();
    await a.db.deleteFrom('mailaccount_users').where('us_id', '=', user.us_id).execute();
    const other = await as(a.host, 'user@demo.test');
    expect((await other('GET', 'mails/accounts')).json.mails.data).toEqual([]);
    expect((await other('POST', 'mails/filter?totalcount=1', {})).json.mails.data).toEqual([]);
    const someId = (await op('POST', 'mails/filter?limit=1', {})).json.mails.data[0].ma_id;
    const hidden = await other('GET', `mails/${someId}/details`);
    expect(hidden.status).toBe(404);
    expect(hidden.json.mails.dbErrors[0].primary).toBe(NOT_FOUND);
  });

  it("answers 404 for another brand's mail and refuses customers and brands without mail", async () => {
    const op = await as(a.host);
    const theirs = await as(b.host);
    const foreign = (await theirs('POST', 'mails/filter?limit=1', {})).json.mails.data[0].ma_id as number;
    // A mail brand B's operator can open, whose id brand A has no mail with.
    expect((await theirs('GET', `mails/${foreign}/details`)).status).toBe(200);
    expect(await a.db.selectFrom('mails').select('ma_id').where('ma_id', '=', foreign).executeTakeFirst()).toBeUndefined();
    const mine = (await op('POST', 'mails/filter?limit=500', {})).json.mails.data.map((r: MailListRow) => r.ma_id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine).not.toContain(foreign);
    const crossBrand = await op('GET', `mails/${foreign}/details`);
    expect(crossBrand.status).toBe(404);
    expect(crossBrand.json.mails.dbErrors[0].primary).toBe(NOT_FOUND);
    expect((await op('GET', 'mails/99999999/details')).status).toBe(404);
    const customer = await as(a.host, 'customer@demo.test');
    expect((await customer('GET', 'mails/accounts')).status).toBe(403);
    const off = await mailBrand(t.db, {
      ...(await import('../../../core/brand/types')).allFeatures(true),
      mail: { enabled: false, contactManager: false, finalDeleteIsAllowed: false },
    });
    expect((await (await as(off.host))('GET', 'mails/accounts')).status).toBe(403);
  });

  it('pages newest first with a total, per folder, with date groups in order', async () => {
    const op = await as(a.host);
    const first = await op('POST', 'mails/filter?limit=50&pagenumber=1&totalcount=1', {});
    expect(first.status, first.text).toBe(200);
    const rows = first.json.mails.data as MailListRow[];
    const total = first.json.mails.metadata.totalCount as number;
    expect(total).toBeGreaterThan(250);
    expect(rows).toHaveLength(50);
    const dates = rows.map((r) => Date.parse(r.mail_date!));
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
    const order = rows.map((r) => DATE_GROUPS.indexOf(r.date_group));
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(rows[0]).toMatchObject({ ma_color: '#1976d2', date_group: 'today' });
    expect(rows[0].snippet.length).toBeGreaterThan(0);
    const second = await op('POST', 'mails/filter?limit=50&pagenumber=2', {});
    const ids = new Set(rows.map((r) => r.ma_id));
    expect((second.json.mails.data as MailListRow[]).some((r) => ids.has(r.ma_id))).toBe(false);
    const last = rows.at(-1)!;
    const keyset = await op('POST', 'mails/filter?limit=50', { before: { mail_date: last.mail_date, ma_id: last.ma_id } });
    expect(keyset.json.mails.data.map((r: MailListRow) => r.ma_id)).toEqual(second.json.mails.data.map((r: MailListRow) => r.ma_id));
    expect((await op('POST', 'mails/filter', { before: { mail_date: 'x', ma_id: 1 } })).json.mails.dbErrors[0]).toMatchObject({ details: 'before' });

    const accounts = (await op('GET', 'mails/accounts')).json.mails.data as MailAccountInfo[];
    const sent = accounts[0].folders.find((f) => f.ifolder_path === 'Sent')!;
    const inSent = (await op('POST', 'mails/filter?limit=500', { ifolder_id: sent.ifolder_id })).json.mails.data as MailListRow[];
    expect(inSent.length).toBeGreaterThan(20);
    expect(inSent.every((r) => r.mail_from?.address === 'office@demo.test')).toBe(true);
    const all = (await op('POST', 'mails/filter?limit=500', {})).json.mails.data as MailListRow[];
    const groups = new Set(all.map((r) => r.date_group));
    expect(groups.has('today') && groups.has('older') && groups.has('lastWeek')).toBe(true);
  });

  it('finds mails by subject, address and body; shorter words are ignored; bad filters answer 400', async () => {
    const op = await as(a.host);
    const search = async (stext: string) => (await op('POST', 'mails/filter?limit=500&totalcount=1', { stext })).json;
    const bySubject = await search('Csőtörés');
    expect(bySubject.mails.data.length).toBeGreaterThan(0);
    expect(bySubject.mails.data.every((r: MailListRow) => /Csőtörés/.test(r.mail_subject ?? ''))).toBe(true);
    const byAddress = await search('tom@baxterplumbing.example');
    expect(byAddress.mails.data.length).toBeGreaterThan(0);
    expect(
      byAddress.mails.data.every((r: MailListRow) => [r.mail_from?.address, ...r.mail_to_arr.map((x) => x.address)].includes('tom@baxterplumbing.example')),
    ).toBe(true);
    const byBody = await search('asthma');
    expect(byBody.mails.data.length).toBeGreaterThan(0);
    expect(byBody.mails.data.every((r: MailListRow) => /Damp and mould/.test(r.mail_subject ?? ''))).toBe(true);
    const all = (await op('POST', 'mails/filter?totalcount=1', {})).json.mails.metadata.totalCount;
    expect((await search('ab')).mails.metadata.totalCount).toBe(all);
    const bad = await op('POST', 'mails/filter', { ifolder_id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json.mails.dbErrors[0]).toMatchObject({ error: 'VALIDATION', details: 'ifolder_id', primary: 'Invalid value' });
    expect((await op('POST', 'mails/filter', { stext: 'x'.repeat(101) })).json.mails.dbErrors[0]).toMatchObject({
      details: 'stext',
      primary: 'Max. 100 chars!',
    });
  });

  it("assigns a mail to a job of the brand and lists it in the job's tab", async () => {
    const op = await as(a.host);
    const row = (await op('POST', 'mails/filter?limit=1', { stext: 'Elm Court' })).json.mails.data[0] as MailListRow;
    expect((await op('POST', 'mails/assignjob', { ma_id: row.ma_id, job_id: 99999999 })).json.mails.dbErrors[0]).toMatchObject({ details: 'job_id' });
    const res = await op('POST', 'mails/assignjob', { ma_id: row.ma_id, job_id: a.jobId });
    expect(res.status, res.text).toBe(200);
    expect(res.json.mails.data).toMatchObject({ job_id: a.jobId, job_number: 'TST-0001' });
    const tab = (await op('GET', `mails/getmailsbyjobid/${a.jobId}`)).json.mails.data as MailListRow[];
    expect(tab.map((r) => r.ma_id)).toContain(row.ma_id);
    const details = (await op('GET', `mails/${row.ma_id}/details`)).json.mails.data;
    expect(details).toMatchObject({ job_id: a.jobId, job_number: 'TST-0001' });
  });
});
