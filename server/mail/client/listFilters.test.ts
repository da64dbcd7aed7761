/** The list by tag and by local folder, and free text that is a sender's domain. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailListRow } from '../../../core/mail/client/types';
import { useTestApp } from '../../test/helpers';
import { composeDb } from '../compose/tables';
import { mailBrand, mailCalls } from './testKit';

const t = useTestApp();
const as = mailCalls(t);
let a: Awaited<ReturnType<typeof mailBrand>>;

beforeAll(async () => {
  a = await mailBrand(t.db);
}, 60_000);

const rowsOf = (res: { json: { mails: { data: MailListRow[] } } }) => res.json.mails.data;

describe('mail list filters', () => {
  it('lists only the mails of a tag or a local folder, and answers each row its tags and folders', async () => {
    const op = await as(a.host);
    const some = rowsOf(await op('POST', 'mails/filter?limit=5', {})).map((r) => r.ma_id);
    const tag = (await op('POST', 'mailtags/create', { mt_name: 'Urgent', mt_color: '#ff0000' })).json.mailtags.data;
    const folder = (await op('POST', 'mailfolders/create', { mf_name: 'Roof works' })).json.mailfolders.data;
    expect((await op('POST', `mailtags/${tag.mt_id}/assign`, { ma_ids: some.slice(0, 2) })).status).toBe(200);
    expect((await op('POST', `mailfolders/${folder.mf_id}/addmails`, { ma_ids: some.slice(1, 4) })).status).toBe(200);

    const tagged = rowsOf(await op('POST', 'mails/filter', { mt_id: tag.mt_id }));
    expect(tagged.map((r) => r.ma_id).sort()).toEqual(some.slice(0, 2).sort());
    expect(tagged.every((r) => r.tag_ids?.includes(tag.mt_id))).toBe(true);
    const filed = rowsOf(await op('POST', 'mails/filter?totalcount=1', { mf_id: folder.mf_id }));
    expect(filed.map((r) => r.ma_id).sort()).toEqual(some.slice(1, 4).sort());
    expect(filed.every((r) => r.mf_ids?.includes(folder.mf_id))).toBe(true);
    const both = rowsOf(await op('POST', 'mails/filter', { mt_id: tag.mt_id, mf_id: folder.mf_id }));
    expect(both.map((r) => r.ma_id)).toEqual([some[1]]);
    const untagged = rowsOf(await op('POST', 'mails/filter?limit=50', {})).find((r) => !some.includes(r.ma_id));
    expect(untagged).toMatchObject({ tag_ids: [], mf_ids: [] });

    await composeDb(a.db).deleteFrom('mail_tag_links').where('mt_id', '=', tag.mt_id).execute();
    expect(rowsOf(await op('POST', 'mails/filter', { mt_id: tag.mt_id }))).toEqual([]);
  });

  it('refuses a tag or folder that is not an id', async () => {
    const op = await as(a.host);
    for (const [field, value] of [
      ['mt_id', 'x'],
      ['mf_id', -1],
      ['mt_id', 1.5],
    ] as const) {
      const res = await op('POST', 'mails/filter', { [field]: value });
      expect(res.status).toBe(400);
      expect(res.json.mails.dbErrors[0]).toMatchObject({ details: field, primary: 'Invalid value' });
    }
  });

  it('finds the senders of a domain, typed with or without @, and of its subdomains', async () => {
    const op = await as(a.host);
    for (const stext of ['suspicious-invoices.example', '@suspicious-invoices.example', 'SUSPICIOUS-INVOICES.example']) {
      const rows = rowsOf(await op('POST', 'mails/filter?limit=200', { stext }));
      expect(rows.length, stext).toBeGreaterThan(0);
      expect(
        rows.every((r) => r.mail_from?.address.endsWith('@suspicious-invoices.example')),
        stext,
      ).toBe(true);
    }
    const parkview = rowsOf(await op('POST', 'mails/filter?limit=200', { stext: '@parkview-lettings.example' }));
    expect(parkview.length).toBeGreaterThan(0);
    expect(parkview.every((r) => r.mail_from?.address === 'harriet.cole@parkview-lettings.example')).toBe(true);
    // A sender of a subdomain belongs to the domain too.
    const sub = await a.db
      .insertInto('mails')
      .values({
        mailaccount_id: a.accountId,
        message_id: '<sub@list.test>',
        mail_subject: 'Newsletter',
        mail_from: JSON.stringify({ name: 'News', address: 'news@mail.parkview-lettings.example' }),
        mail_date: new Date(),
      })
      .returning('ma_id')
      .executeTakeFirstOrThrow();
    const withSub = rowsOf(await op('POST', 'mails/filter?limit=200', { stext: 'parkview-lettings.example' }));
    expect(withSub.map((r) => r.ma_id)).toContain(Number(sub.ma_id));
    expect(withSub).toHaveLength(parkview.length + 1);
    expect(rowsOf(await op('POST', 'mails/filter', { stext: 'nobody-sends-from.example' }))).toEqual([]);
    // A whole address and plain words still go through the search vector.
    expect(rowsOf(await op('POST', 'mails/filter', { stext: 'billing@suspicious-invoices.example' }))).toHaveLength(1);
    expect(rowsOf(await op('POST', 'mails/filter', { stext: 'radiator' })).length).toBeGreaterThan(0);
  });
});
