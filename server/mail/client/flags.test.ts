/** Details and flag rules on the demo mailbox (no incoming server: flags change only the rows). */
import { beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../../core/brand/types';
import type { MailDetails, MailListRow } from '../../../core/mail/client/types';
import { useTestApp } from '../../test/helpers';
import { mailBrand, mailCalls } from './testKit';

const t = useTestApp();
const as = mailCalls(t);
let a: Awaited<ReturnType<typeof mailBrand>>;

beforeAll(async () => {
  a = await mailBrand(t.db);
}, 60_000);

async function firstMail(op: Awaited<ReturnType<typeof as>>, body: object = {}) {
  return (await op('POST', 'mails/filter?limit=1', body)).json.mails.data[0] as MailListRow;
}

describe('mail client: details and flags', () => {
  it('sends the hostile mail sanitised, images blocked unless asked, and holds back a mail over 5 MB', async () => {
    const op = await as(a.host);
    const hostile = await firstMail(op, { stext: 'billing@suspicious-invoices.example' });
    const res = await op('GET', `mails/${hostile.ma_id}/details`);
    expect(res.status, res.text).toBe(200);
    const d = res.json.mails.data as MailDetails;
    expect(d.mail_html).toContain('attached invoice');
    expect(d.mail_html).not.toMatch(/<script|onerror|javascript:|<svg|<form|<iframe|<meta|url\(/i);
    expect(d.images_blocked).toBe(1);
    expect(Object.keys(d).sort()).toEqual([
      'can_delete',
      'date_group',
      'has_attachments',
      'images_blocked',
      'is_answered',
      'is_deleted',
      'is_flagged',
      'is_ready',
      'is_seen',
      'is_spam',
      'job_id',
      'job_number',
      'ma_color',
      'ma_id',
      'mail_bcc_arr',
      'mail_cc_arr',
      'mail_date',
      'mail_from',
      'mail_html',
      'mail_size',
      'mail_subject',
      'mail_to_arr',
      'mailaccount_id',
      'partial',
      'snippet',
      'text',
      'thread_id',
      'too_large',
    ]);
    const withImages = (await op('GET', `mails/${hostile.ma_id}/details?images=1`)).json.mails.data as MailDetails;
    expect(withImages.images_blocked).toBe(0);
    expect(withImages.mail_html).toContain('src="https://evil.example/pixel.gif"');

    await a.db
      .updateTable('mails')
      .set({ mail_size: 6 * 1024 * 1024 })
      .where('ma_id', '=', hostile.ma_id)
      .execute();
    const large = (await op('GET', `mails/${hostile.ma_id}/details`)).json.mails.data as MailDetails;
    expect(large).toMatchObject({ too_large: true, mail_html: null, text: null, mail_size: 6 * 1024 * 1024 });
    const confirmed = (await op('GET', `mails/${hostile.ma_id}/details?large=1`)).json.mails.data as MailDetails;
    expect(confirmed.too_large).toBe(false);
    expect(confirmed.mail_html).toContain('attached invoice');
  });

  it('changes flags one at a time and in bulk; bad input answers 400', async () => {
    const op = await as(a.host);
    const rows = (await op('POST', 'mails/filter?limit=3', { is_seen: false })).json.mails.data as MailListRow[];
    const one = await op('PATCH', `mails/${rows[0].ma_id}`, { is_seen: true, is_flagged: true, is_ready: true });
    expect(one.status, one.text).toBe(200);
    const stored = await a.db.selectFrom('mails').select(['is_seen', 'is_flagged', 'is_ready']).where('ma_id', '=', rows[0].ma_id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ is_seen: true, is_flagged: true, is_ready: true });
    const bulk = await op('PATCH', 'mails', { _bulk: rows.slice(1).map((r) => ({ ma_id: r.ma_id, is_seen: true })) });
    expect(bulk.status, bulk.text).toBe(200);
    const seen = await a.db
      .selectFrom('mails')
      .select('is_seen')
      .where(
        'ma_id',
        'in',
        rows.slice(1).map((r) => r.ma_id),
      )
      .execute();
    expect(seen.every((r) => r.is_seen)).toBe(true);
    expect((await op('PATCH', `mails/${rows[0].ma_id}`, { is_seen: 'yes' })).json.mails.dbErrors[0]).toMatchObject({
      details: 'is_seen',
      primary: 'Invalid value',
    });
    expect((await op('PATCH', `mails/${rows[0].ma_id}`, { mail_subject: 'x' })).json.mails.dbErrors[0]).toMatchObject({ details: 'mail_subject' });
    expect((await op('PATCH', 'mails', { _bulk: [] })).status).toBe(400);
  });

  it('refuses to delete or spam a mail linked to a job, also in bulk, changing nothing', async () => {
    const op = await as(a.host);
    const free = await firstMail(op, { stext: 'Riverside' });
    const linked = await firstMail(op, { stext: 'Elm Court' });
    await a.db.insertInto('mail_job_links').values({ ma_id: linked.ma_id, job_id: a.jobId, mjl_reason: 'manual' }).execute();
    for (const body of [{ is_deleted: true }, { is_spam: true }]) {
      const res = await op('PATCH', `mails/${linked.ma_id}`, body);
      expect(res.status).toBe(409);
      expect(res.json.mails.dbErrors[0].primary).toBe('Mails that belong to a job cannot be deleted or marked as spam.');
    }
    const bulk = await op('PATCH', 'mails', {
      _bulk: [
        { ma_id: free.ma_id, is_deleted: true },
        { ma_id: linked.ma_id, is_deleted: true },
      ],
    });
    expect(bulk.status).toBe(409);
    const row = await a.db.selectFrom('mails').select('is_deleted').where('ma_id', '=', free.ma_id).executeTakeFirstOrThrow();
    expect(row.is_deleted).toBe(false);
    expect((await op('POST', 'mails/mailListFinalDelete', { mail_ids: [linked.ma_id] })).status).toBe(409);
  });

  it('deletes and restores with can-delete only; the deleted list is for developers', async () => {
    const op = await as(a.host);
    const mail = await firstMail(op, { stext: 'Wartung' });
    const operator = await a.db.selectFrom('users').select('us_id').where('email', '=', 'operator@demo.test').executeTakeFirstOrThrow();
    await a.db.updateTable('mailaccount_users').set({ maxu_user_can_delete: false }).where('us_id', '=', operator.us_id).execute();
    const refused = await op('PATCH', `mails/${mail.ma_id}`, { is_deleted: true });
    expect(refused.status).toBe(403);
    expect(refused.json.mails.dbErrors[0].general).toBe('record');
    expect((await op('POST', 'mails/mailListFinalDelete', { mail_ids: [mail.ma_id] })).status).toBe(403);
    await a.db.updateTable('mailaccount_users').set({ maxu_user_can_delete: true }).where('us_id', '=', operator.us_id).execute();

    expect((await op('PATCH', `mails/${mail.ma_id}`, { is_deleted: true })).status).toBe(200);
    const list = (await op('POST', 'mails/filter?limit=500', { stext: 'Wartung' })).json.mails.data as MailListRow[];
    expect(list.map((r) => r.ma_id)).not.toContain(mail.ma_id);
    expect((await op('POST', 'mails/deleted', {})).status).toBe(403);
    const dev = await as(a.host, 'developer@demo.test');
    const deleted = (await dev('POST', 'mails/deleted?totalcount=1', {})).json.mails.data as MailListRow[];
    expect(deleted.map((r) => r.ma_id)).toContain(mail.ma_id);
    expect((await dev('PATCH', `mails/${mail.ma_id}`, { is_deleted: false })).status).toBe(200);
    expect((await dev('POST', 'mails/deleted', {})).json.mails.data.map((r: MailListRow) => r.ma_id)).not.toContain(mail.ma_id);
  });

  it('deletes for good only with the feature mail.finalDeleteIsAllowed', async () => {
    const op = await as(a.host);
    const mail = await firstMail(op, { stext: 'INV-2041' });
    expect((await op('POST', 'mails/mailListFinalDelete', { mail_ids: ['x'] })).json.mails.dbErrors[0]).toMatchObject({ details: 'mail_ids' });
    const res = await op('POST', 'mails/mailListFinalDelete', { mail_ids: [mail.ma_id] });
    expect(res.status, res.text).toBe(200);
    expect(await a.db.selectFrom('mails').select('ma_id').where('ma_id', '=', mail.ma_id).executeTakeFirst()).toBeUndefined();

    const features = allFeatures(true);
    const off = await mailBrand(t.db, { ...features, mail: { ...features.mail, finalDeleteIsAllowed: false } });
    const offOp = await as(off.host);
    const other = await firstMail(offOp);
    const refused = await offOp('POST', 'mails/mailListFinalDelete', { mail_ids: [other.ma_id] });
    expect(refused.status).toBe(403);
    expect(refused.json.mails.dbErrors[0].general).toBe('feature');
  });

  it('moves a mail to the Archive folder of its account, and refuses a folder of another account', async () => {
    const op = await as(a.host);
    const accounts = (await op('GET', 'mails/accounts')).json.mails.data as { folders: { ifolder_id: number; ifolder_path: string }[] }[];
    const archive = accounts[0].folders.find((f) => f.ifolder_path === 'Archive')!;
    const inbox = accounts[0].folders.find((f) => f.ifolder_path === 'INBOX')!;
    const mail = (await op('POST', 'mails/filter?limit=1', { ifolder_id: inbox.ifolder_id })).json.mails.data[0] as MailListRow;
    const res = await op('POST', `mails/${mail.ma_id}/move`, { ifolder_id: archive.ifolder_id });
    expect(res.status, res.text).toBe(200);
    const inArchive = (await op('POST', 'mails/filter?limit=5', { ifolder_id: archive.ifolder_id })).json.mails.data as MailListRow[];
    expect(inArchive.map((r) => r.ma_id)).toContain(mail.ma_id);
    const inInbox = (await op('POST', 'mails/filter?limit=500', { ifolder_id: inbox.ifolder_id })).json.mails.data as MailListRow[];
    expect(inInbox.map((r) => r.ma_id)).not.toContain(mail.ma_id);
    const other = await mailBrand(t.db);
    const foreignFolder = await other.db.selectFrom('imapfolders').select('ifolder_id').orderBy('ifolder_id', 'desc').executeTakeFirstOrThrow();
    const foreign = await op('POST', `mails/${mail.ma_id}/move`, { ifolder_id: foreignFolder.ifolder_id + 1000 });
    expect(foreign.json.mails.dbErrors[0]).toMatchObject({ details: 'ifolder_id' });
  });
});
