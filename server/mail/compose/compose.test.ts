/** Signatures, templates, tags, local folders, aliases and the contact manager: rules and messages. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, call, login, useTestApp } from '../../test/helpers';
import { addOutgoingServer, composeBrand, type ComposeBrand } from './testFixture';

const t = useTestApp();
let b: ComposeBrand;
let cookie: string;

beforeAll(async () => {
  // These tests never talk IMAP or SMTP: the account needs no incoming server.
  b = await composeBrand(t.db, null, 1);
  await b.link(await b.usId('operator@demo.test'), true);
  cookie = await login(t.app, b.host, 'operator@demo.test');
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, c = cookie) =>
  call(t.app, { method, url: `/api/${url}`, host: b.host, cookie: c, body });
const err = (res: { json: Record<string, { dbErrors: { primary: string; details: string | null }[] }> }, key: string) => res.json[key].dbErrors[0];

describe('signatures and templates', () => {
  it('require their content with SPEC.md texts and stay within the accounts linked to the user', async () => {
    let res = await api('POST', 'mailsignatures/create', { mailaccount_id: b.accountId, ms_name: 'Short', ms_signature: '<p> </p>' });
    expect(res.status).toBe(400);
    expect(err(res, 'mailsignatures')).toMatchObject({ primary: 'Signature content is required!', details: 'ms_signature' });
    res = await api('POST', 'mailtemplates/create', { mailaccount_id: b.accountId, mtpl_name: 'Visit', mtpl_content: '' });
    expect(err(res, 'mailtemplates')).toMatchObject({ primary: 'Template content is required!', details: 'mtpl_content' });

    res = await api('POST', 'mailsignatures/create', { mailaccount_id: b.accountId, ms_name: 'Short', ms_signature: '<p>Kind regards</p>' });
    expect(res.status).toBe(201);
    const sig = res.json.mailsignatures.data;
    res = await api('PATCH', `mailsignatures/${sig.ms_id}`, { ms_signature: '<p>Best</p>' });
    expect(res.json.mailsignatures.data.ms_signature).toBe('<p>Best</p>');
    res = await api('POST', 'mailtemplates/create', {
      mailaccount_id: b.accountId,
      mtpl_name: 'Visit',
      mtpl_subject: 'Your visit',
      mtpl_content: '<p>We come on Monday</p>',
    });
    expect(res.status).toBe(201);
    res = await api('POST', 'mailtemplates/filter', { mailaccount_id: b.accountId });
    expect(res.json.mailtemplates.data.map((r: { mtpl_name: string }) => r.mtpl_name)).toEqual(['Visit']);

    const other = await b.db
      .insertInto('mailaccounts')
      .values({ ma_name: 'Not mine', ma_email: 'nm@test.example' })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    res = await api('POST', 'mailsignatures/create', { mailaccount_id: other.mailaccount_id, ms_name: 'X', ms_signature: 'x' });
    expect(err(res, 'mailsignatures').details).toBe('mailaccount_id');
    const foreign = await b.db
      .insertInto('mailsignatures')
      .values({ mailaccount_id: other.mailaccount_id, ms_name: 'Theirs', ms_signature: 'x' })
      .returning('ms_id')
      .executeTakeFirstOrThrow();
    expect((await api('GET', `mailsignatures/${foreign.ms_id}/details`)).status).toBe(404);
    expect((await api('DELETE', `mailsignatures/${foreign.ms_id}`)).status).toBe(404);
    expect((await api('GET', 'mailsignatures/list')).json.mailsignatures.data.map((r: { ms_name: string }) => r.ms_name)).toEqual(['Short']);
    expect((await api('DELETE', `mailsignatures/${sig.ms_id}`)).status).toBe(200);
  });
});

describe('tags and local folders', () => {
  it('tags mails of the user and refuses mails of other accounts', async () => {
    const mine = await b.addMail({ subject: 'Tagged', from: { name: 'A', address: 'a@client.example' } });
    let res = await api('POST', 'mailtags/create', { mt_name: 'Urgent', mt_color: '#ff0000' });
    expect(res.status).toBe(201);
    const tag = res.json.mailtags.data;
    expect((await api('POST', 'mailtags/create', { mt_name: 'Urgent' })).status).toBe(409);
    expect(err(await api('POST', 'mailtags/create', { mt_name: 'Bad', mt_color: 'red' }), 'mailtags')).toMatchObject({
      primary: 'Invalid value',
      details: 'mt_color',
    });
    expect(err(await api('POST', 'mailtags/create', {}), 'mailtags')).toMatchObject({ primary: 'Field is required!', details: 'mt_name' });

    res = await api('POST', `mailtags/${tag.mt_id}/assign`, { ma_ids: [mine] });
    expect(res.status).toBe(200);
    res = await api('POST', 'mailtags/ofmails', { ma_ids: [mine] });
    expect(res.json.mailtags.data).toEqual([{ ma_id: mine, mt_id: tag.mt_id }]);
    await api('POST', `mailtags/${tag.mt_id}/unassign`, { ma_ids: [mine] });
    expect((await api('POST', 'mailtags/ofmails', { ma_ids: [mine] })).json.mailtags.data).toEqual([]);

    const other = await b.db
      .insertInto('mailaccounts')
      .values({ ma_name: 'Hidden', ma_email: 'h@test.example' })
      .returning('mailaccount_id')
      .executeTakeFirstOrThrow();
    const theirs = await b.db
      .insertInto('mails')
      .values({ mailaccount_id: other.mailaccount_id, message_id: '<hidden@x>' })
      .returning('ma_id')
      .executeTakeFirstOrThrow();
    expect((await api('POST', `mailtags/${tag.mt_id}/assign`, { ma_ids: [mine, theirs.ma_id] })).status).toBe(404);
  });

  it('does not delete a folder that holds mails', async () => {
    const mail = await b.addMail({ subject: 'Filed', from: { name: 'B', address: 'b@client.example' } });
    let res = await api('POST', 'mailfolders/create', { mf_name: 'Invoices' });
    expect(res.status).toBe(201);
    const folder = res.json.mailfolders.data;
    await api('POST', `mailfolders/${folder.mf_id}/addmails`, { ma_ids: [mail] });
    res = await api('GET', 'mailfolders/list');
    expect(res.json.mailfolders.data).toContainEqual({ mf_id: folder.mf_id, mf_name: 'Invoices', mail_count: 1 });
    res = await api('DELETE', `mailfolders/${folder.mf_id}`);
    expect(res.status).toBe(409);
    expect(err(res, 'mailfolders').primary).toBe('A folder containing mails cannot be deleted; empty it first.');
    await api('POST', `mailfolders/${folder.mf_id}/removemails`, { ma_ids: [mail] });
    expect((await api('PATCH', `mailfolders/${folder.mf_id}`, { mf_name: 'Paid' })).json.mailfolders.data.mf_name).toBe('Paid');
    expect((await api('DELETE', `mailfolders/${folder.mf_id}`)).status).toBe(200);
  });
});

describe('sending from an account without an outgoing server', () => {
  it('says so and leaves the draft unlocked', async () => {
    await b.db.updateTable('mailaccounts').set({ mailserver_id: null }).where('mailaccount_id', '=', b.accountId).execute();
    const made = (await api('POST', 'maildrafts/create', { mdraft_to_arr: [{ name: '', address: 'x@client.example' }] })).json.maildrafts.data;
    const res = await api('POST', `maildrafts/${made.mdraft_id}/updateAndSend`, { mdraft_version: made.mdraft_version });
    expect(res.status).toBe(409);
    expect(err(res, 'maildrafts').primary).toBe('The mail account has no outgoing server.');
    expect((await api('GET', `maildrafts/${made.mdraft_id}/details`)).json.maildrafts.data.mdraft_locked).toBe(false);
  });
});

describe('contact manager and gates', () => {
  it("suggests addresses from contacts, users and the user's mails", async () => {
    await b.addMail({ subject: 'Hi', from: { name: 'Zelda Plumber', address: 'zelda@plumbing.example' } });
    let res = await api('POST', 'contactmanager/filter', { stext: 'zelda' });
    expect(res.json.contactmanager.data).toContainEqual({ name: 'Zelda Plumber', address: 'zelda@plumbing.example', source: 'mail' });
    res = await api('POST', 'contactmanager/filter', { stext: 'operator@demo' });
    expect(res.json.contactmanager.data[0]).toMatchObject({ address: 'operator@demo.test', source: 'user' });
    res = await api('POST', 'contactmanager/filter', { stext: 'ze' });
    expect(res.json.contactmanager.data).toEqual([]);
  });

  it('is closed to engineers and to a brand without mail', async () => {
    const engineer = await login(t.app, b.host, 'engineer@demo.test');
    expect((await api('GET', 'mailtags/list', undefined, engineer)).status).toBe(403);
    const acme = await login(t.app, ACME_HOST, 'operator@demo.test');
    const res = await call(t.app, { url: '/api/mailtags/list', host: ACME_HOST, cookie: acme });
    expect(res.status).toBe(403);
    expect(res.json.mailtags.dbErrors[0].general).toBe('feature');
  });
});

describe('the Drafts folder and the From addresses that can send', () => {
  it('finds a saved draft by its subject, recipient or text, newest first, and marks a locked one', async () => {
    const make = async (fields: Record<string, unknown>) => (await api('POST', 'maildrafts/create', fields)).json.maildrafts.data;
    const quote = await make({ mdraft_subject: 'Boiler quote for Mrs Plum', mdraft_to_arr: [{ name: 'Ann Plum', address: 'ann@plum.example' }] });
    const visit = await make({ mdraft_subject: 'Visit', mdraft_html: '<p>We come on Thursday with the ladder</p>' });
    await b.db.updateTable('maildrafts').set({ mdraft_locked: true, mdraft_lock_reason: 'SMTP refused' }).where('mdraft_id', '=', visit.mdraft_id).execute();
    const found = async (stext: string) =>
      (await api('POST', 'maildrafts/filter', { stext })).json.maildrafts.data.map((r: { mdraft_id: number }) => r.mdraft_id);
    expect(await found('boiler QUOTE')).toEqual([quote.mdraft_id]);
    expect(await found('ann@plum')).toEqual([quote.mdraft_id]);
    expect(await found('ladder')).toEqual([visit.mdraft_id]);
    const all = (await api('POST', 'maildrafts/filter', { stext: 'ab' })).json.maildrafts.data;
    expect(all.slice(0, 2)).toEqual([
      expect.objectContaining({ mdraft_id: visit.mdraft_id, mdraft_locked: true }),
      expect.objectContaining({ mdraft_id: quote.mdraft_id, mdraft_locked: false, mdraft_to_arr: [{ name: 'Ann Plum', address: 'ann@plum.example' }] }),
    ]);
    const res = await api('POST', 'maildrafts/filter', { stext: 5 });
    expect(res.status).toBe(400);
    expect(err(res, 'maildrafts').details).toBe('stext');
  });

  it('says which From addresses cannot send: no outgoing server, unless the mailbox sends through Microsoft Graph', async () => {
    const canSend = async () => (await api('GET', 'mailaliases/list')).json.mailaliases.data.map((a: { can_send: boolean }) => a.can_send);
    await addOutgoingServer(b.db, b.accountId, 1);
    expect(await canSend()).toEqual([true]);
    await b.db.updateTable('mailaccounts').set({ mailserver_id: null }).where('mailaccount_id', '=', b.accountId).execute();
    expect(await canSend()).toEqual([false]);
    await b.db.updateTable('mailaccounts').set({ ma_source: 'graph' }).where('mailaccount_id', '=', b.accountId).execute();
    expect(await canSend()).toEqual([true]);
    await b.db.updateTable('mailaccounts').set({ ma_source: 'imap' }).where('mailaccount_id', '=', b.accountId).execute();
  });
});
