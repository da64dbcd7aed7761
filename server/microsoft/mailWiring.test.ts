/**
 * The two halves of issue 26 joined: a Microsoft mailbox connected through the sandbox's real
 * consent flow gets its Graph mail account; its assigned users (with their rights) are that
 * account's users; the mailbox's sync button runs the Graph mail sync against the run's provider
 * server (server/test/globalSetup.ts), whose mail handlers answer for the consenting user's mailbox
 * (seeded with the sandbox's mails); the mail client lists them to assigned users only, `details`
 * shows the folders with counts, and a disconnect removes the mail (or keeps a job's).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailAccountInfo, MailListRow } from '../../core/mail/client/types';
import type { MicrosoftAccountDetails } from '../../core/microsoft/types';
import { providerControl } from '../../providers/control';
import { SANDBOX_MAILS } from '../../providers/microsoft/sandboxMail';
import { brandDb } from '../db/types';
import { makeJob } from '../files/testKit';
import { syncAccount } from '../mail/sync/syncAccount';
import { mailDb, type MailDb } from '../mail/tables';
import { call, login, sandboxProviders, uniqueName, useTestApp, useTestBrand } from '../test/helpers';
import type { MicrosoftDb } from './accounts';
import { registerMicrosoftMail } from './mailLink';
import { connectMicrosoft } from './testConnect';
import { mailJobs } from '../mail/client/jobLinks';

const t = useTestApp();
const own = useTestBrand(t);
const cookies: Record<string, string> = {};
const users: Record<string, number> = {};

beforeAll(async () => {
  registerMicrosoftMail();
  for (const role of ['operator', 'user']) {
    cookies[role] = await login(t.app, own.brand.host, `${role}@demo.test`);
    users[role] = (await mdb().selectFrom('users').select('us_id').where('email', '=', `${role}@demo.test`).executeTakeFirstOrThrow()).us_id;
  }
});

const host = () => own.brand.host;
const mdb = () => t.db.withSchema(own.brand.schema) as unknown as MicrosoftDb;
const maildb = (): MailDb => mailDb(brandDb(t.db, own.brand.schema));
const get = (url: string, cookie: string) => call(t.app, { url, cookie, host: host() });
const post = (url: string, body: unknown, cookie: string) => call(t.app, { method: 'POST', url, body, cookie, host: host() });
const details = async (msaId: number): Promise<MicrosoftAccountDetails> =>
  (await get(`/api/microsoftaccounts/${msaId}/details`, own.admin)).json.microsoftaccounts.data;
const mailAccountOf = (msaId: number) =>
  maildb().selectFrom('mailaccounts').selectAll().where('msa_id', '=', msaId).where('ma_source', '=', 'graph').executeTakeFirst();
const listed = async (cookie: string, accountId: number): Promise<MailListRow[]> => {
  const res = await get(`/api/mails/list?mailaccount_id=${accountId}&limit=50`, cookie);
  expect(res.status, res.text).toBe(200);
  return res.json.mails.data;
};

/** Connects a new sandbox mailbox, assigns the operator (can send, not delete) and syncs it through the sync button. */
async function connectedAndSynced() {
  const email = `${uniqueName('box')}@contoso.test`;
  const a = await connectMicrosoft(t.app, host(), own.admin, email);
  const assigned = await post(`/api/microsoftaccounts/${a.msa_id}/assignusers`, { _bulk: [{ us_id: users.operator, can_send: true }] }, own.admin);
  expect(assigned.status, assigned.text).toBe(200);
  const sync = await post(`/api/microsoftaccounts/${a.msa_id}/sync`, {}, own.admin);
  expect(sync.status, sync.text).toBe(202);
  // Without a queue in tests the task runs in this process; the mailbox is idle again when it is done.
  await expect.poll(async () => (await details(a.msa_id)).status, { timeout: 60_000, interval: 200 }).toBe('connected');
  const account = (await mailAccountOf(a.msa_id))!;
  return { email, a, account };
}

describe('Microsoft mailboxes joined to the mail client', () => {
  it('a connected mailbox is a Graph mail account; the sync brings its mail to the assigned users only and its folders to details', async () => {
    const { email, a, account } = await connectedAndSynced();
    expect(account).toMatchObject({ ma_email: email, ma_source: 'graph', mis_id: null, mailserver_id: null, ma_enabled: true });
    const links = await maildb().selectFrom('mailaccount_users').selectAll().where('mailaccount_id', '=', account.mailaccount_id).execute();
    expect(links).toEqual([expect.objectContaining({ us_id: users.operator, maxu_user_can_send: true, maxu_user_can_delete: false })]);

    const shown = await details(a.msa_id);
    expect(shown.last_error).toBeNull();
    expect(shown.last_sync_at).not.toBeNull();
    expect(shown.sync_progress).toBeNull();
    const inbox = shown.folders.find((f) => f.name === 'Inbox');
    expect(inbox).toMatchObject({ total: SANDBOX_MAILS.length, unread: SANDBOX_MAILS.filter((m) => !m.read).length });
    expect(inbox?.synced_at).not.toBeNull();
    expect(shown.folders.map((f) => f.name)).toEqual(expect.arrayContaining(['Inbox', 'Sent Items', 'Deleted Items', 'Drafts']));
    expect(shown.counts).toMatchObject({ total: SANDBOX_MAILS.length, unread: SANDBOX_MAILS.filter((m) => !m.read).length });

    const mails = await listed(cookies.operator, account.mailaccount_id);
    expect(mails.map((m) => m.mail_subject).sort()).toEqual(SANDBOX_MAILS.map((m) => m.subject).sort());
    // A user not assigned to the mailbox sees none of it, and cannot open one.
    expect(await listed(cookies.user, account.mailaccount_id)).toEqual([]);
    expect((await get(`/api/mails/${mails[0].ma_id}/details`, cookies.user)).status).toBe(404);

    // A mail delivered at the sandbox comes with the next sync; nothing comes twice.
    const control = providerControl(sandboxProviders());
    const mime = [
      'From: Client <client@example.com>',
      `To: ${email}`,
      'Subject: Leaking tap',
      `Message-ID: <${uniqueName('tap')}@example.com>`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The kitchen tap leaks.',
      '',
    ].join('\r\n');
    await control.microsoft.deliverMail(email, { mime });
    expect((await control.microsoft.mailMessages(email, 'inbox')).map((m) => m.subject)).toContain('Leaking tap');
    await post(`/api/microsoftaccounts/${a.msa_id}/sync`, {}, own.admin);
    await expect.poll(async () => (await details(a.msa_id)).status, { timeout: 60_000, interval: 200 }).toBe('connected');
    const after = await listed(cookies.operator, account.mailaccount_id);
    expect(after).toHaveLength(SANDBOX_MAILS.length + 1);
    expect(after.map((m) => m.mail_subject)).toContain('Leaking tap');
    expect((await details(a.msa_id)).folders.find((f) => f.name === 'Inbox')).toMatchObject({ total: SANDBOX_MAILS.length + 1 });
    // Every Graph mail call followed the contracts.
    const violations = await providerControl(sandboxProviders()).violations();
    expect(violations.filter((v) => v.path.startsWith('/graph/'))).toEqual([]);
  });

  it('a user with can-send replies from the mailbox through Graph: the reply is in Sent Items at the sandbox and, by the sync the send asks for, in the product', async () => {
    const { email, a, account } = await connectedAndSynced();
    const control = providerControl(sandboxProviders());
    const api = (method: string, url: string, body?: unknown) => call(t.app, { method, url: `/api/${url}`, body, cookie: cookies.operator, host: host() });
    const subject = `Re: ${SANDBOX_MAILS[1].subject} ${uniqueName('r')}`;
    const made = await api('POST', 'maildrafts/create', {
      mailaccount_id: account.mailaccount_id,
      mdraft_to_arr: [{ name: '', address: 'client@example.com' }],
    });
    expect(made.status, made.text).toBe(201);
    const draft = made.json.maildrafts.data;
    expect(draft.from).toMatchObject({ address: email });
    const sent = await api('POST', `maildrafts/${draft.mdraft_id}/updateAndSend`, {
      mdraft_version: draft.mdraft_version,
      mdraft_subject: subject,
      mdraft_html: '<p>We can come on Tuesday.</p>',
    });
    expect(sent.status, sent.text).toBe(200);
    expect((await control.microsoft.mailMessages(email, 'sentitems')).map((m) => m.subject)).toContain(subject);
    // The send asked for a sync: Sent Items' copy is filed in the product without waiting for the ticker.
    await expect.poll(async () => (await details(a.msa_id)).folders.find((f) => f.name === 'Sent Items')?.total, { timeout: 30_000, interval: 200 }).toBe(1);
    const rows = await listed(cookies.operator, account.mailaccount_id);
    expect(rows.filter((m) => m.mail_subject === subject)).toHaveLength(1);
  });

  it('the mail ticker’s sync of the account (syncAccount) uses the mailbox’s token and records the folders on the mailbox too', async () => {
    const email = `${uniqueName('tick')}@contoso.test`;
    const a = await connectMicrosoft(t.app, host(), own.admin, email);
    const account = (await mailAccountOf(a.msa_id))!;
    expect((await details(a.msa_id)).folders).toEqual([]);
    const result = await syncAccount(maildb(), account.mailaccount_id);
    expect(result.error).toBeUndefined();
    expect(result.folders.Inbox, JSON.stringify(result.folders)).toMatchObject({ added: SANDBOX_MAILS.length });
    const shown = await details(a.msa_id);
    expect(shown.folders.find((f) => f.name === 'Inbox')).toMatchObject({ total: SANDBOX_MAILS.length });
    expect(shown.last_sync_at).not.toBeNull();
  });

  it('assignusers mirrors the users and their rights onto the mail account; a user left out loses the mail', async () => {
    const { a, account } = await connectedAndSynced();
    const res = await post(`/api/microsoftaccounts/${a.msa_id}/assignusers`, { _bulk: [{ us_id: users.user, can_send: false, can_delete: true }] }, own.admin);
    expect(res.status, res.text).toBe(200);
    const links = await maildb().selectFrom('mailaccount_users').selectAll().where('mailaccount_id', '=', account.mailaccount_id).execute();
    expect(links).toEqual([expect.objectContaining({ us_id: users.user, maxu_user_can_send: false, maxu_user_can_delete: true })]);
    expect(await listed(cookies.user, account.mailaccount_id)).toHaveLength(SANDBOX_MAILS.length);
    expect(await listed(cookies.operator, account.mailaccount_id)).toEqual([]);
  });

  it('a disconnect removes the mail account with its mail; one with a job’s mail stays, disabled, and a reconnect takes it back', async () => {
    const plain = await connectedAndSynced();
    const gone = await call(t.app, { method: 'DELETE', url: `/api/microsoftaccounts/${plain.a.msa_id}`, cookie: own.admin, host: host() });
    expect(gone.status, gone.text).toBe(200);
    expect(
      await maildb().selectFrom('mailaccounts').select('mailaccount_id').where('mailaccount_id', '=', plain.account.mailaccount_id).executeTakeFirst(),
    ).toBe(undefined);

    const kept = await connectedAndSynced();
    const { job_id } = await makeJob(t.db, own.brand.schema, 'Graph');
    const mail = await maildb().selectFrom('mails').select('ma_id').where('mailaccount_id', '=', kept.account.mailaccount_id).executeTakeFirstOrThrow();
    await maildb().insertInto('mail_job_links').values({ ma_id: mail.ma_id, job_id, mjl_reason: 'manual' }).execute();
    const del = await call(t.app, { method: 'DELETE', url: `/api/microsoftaccounts/${kept.a.msa_id}`, cookie: own.admin, host: host() });
    expect(del.status, del.text).toBe(200);
    const left = await maildb().selectFrom('mailaccounts').selectAll().where('mailaccount_id', '=', kept.account.mailaccount_id).executeTakeFirstOrThrow();
    expect(left).toMatchObject({ ma_enabled: false, msa_id: null });
    expect((await mailJobs(maildb(), mail.ma_id)).map((j) => j.job_id)).toEqual([job_id]);
    expect(await listed(cookies.operator, kept.account.mailaccount_id)).toEqual([]);

    const back = await connectMicrosoft(t.app, host(), own.admin, kept.email);
    const again = (await mailAccountOf(back.msa_id))!;
    expect(again).toMatchObject({ mailaccount_id: kept.account.mailaccount_id, ma_enabled: true });
  });

  it('a mailbox the user switched off is off in the mail client’s selection and left out of its lists; switching it in /email is the dashboard’s list too', async () => {
    const { a, account } = await connectedAndSynced();
    const api = (method: string, url: string, body?: unknown) => call(t.app, { method, url: `/api/${url}`, body, cookie: cookies.operator, host: host() });
    const mine = async () =>
      ((await api('GET', 'mails/accounts')).json.mails.data as MailAccountInfo[]).find((m) => m.mailaccount_id === account.mailaccount_id);
    const subjects = async (url: string, body?: unknown) => {
      const res = await api(body === undefined ? 'GET' : 'POST', url, body);
      expect(res.status, res.text).toBe(200);
      return res.json.mails.data as unknown[];
    };
    const ofAccount = (rows: unknown[]) => (rows as MailListRow[]).filter((r) => r.mailaccount_id === account.mailaccount_id);
    const dashboard = async () =>
      ((await api('GET', 'microsoftaccounts/list')).json.microsoftaccounts.data as { msa_id: number; microsoft_account_selected: boolean }[]).find(
        (m) => m.msa_id === a.msa_id,
      )?.microsoft_account_selected;

    expect(await mine()).toMatchObject({ msa_id: a.msa_id, selected: true });
    expect(ofAccount(await subjects('mails/filter?limit=100', {}))).toHaveLength(SANDBOX_MAILS.length);
    const imap = ((await api('GET', 'mails/accounts')).json.mails.data as MailAccountInfo[]).filter((m) => m.msa_id === null);
    expect(imap.every((m) => m.selected)).toBe(true);

    // Switched off on the dashboard (the toggle): off in the mail client, and the lists that search the selection leave it out.
    const off = await api('POST', 'microsoftaccounts/selection', { msa_id: a.msa_id });
    expect(off.status, off.text).toBe(200);
    expect(await mine()).toMatchObject({ msa_id: a.msa_id, selected: false });
    expect(ofAccount(await subjects('mails/filter?limit=100', {}))).toEqual([]);
    expect(ofAccount(await subjects('mails/list?limit=100'))).toEqual([]);
    const selectAll = (await subjects('mails/select', {})) as number[];
    const its = (await maildb().selectFrom('mails').select('ma_id').where('mailaccount_id', '=', account.mailaccount_id).execute()).map((m) => m.ma_id);
    expect(selectAll.filter((id) => its.includes(id))).toEqual([]);
    // Asked for by id (a job's mail, a link) it is still the user's to read.
    expect(ofAccount(await subjects('mails/filter?limit=100', { mailaccount_ids: [account.mailaccount_id] }))).toHaveLength(SANDBOX_MAILS.length);
    expect(await listed(cookies.operator, account.mailaccount_id)).toHaveLength(SANDBOX_MAILS.length);

    // Switched on in /email (set, not toggled: twice is once): on again on the dashboard and in the lists.
    for (let i = 0; i < 2; i++) {
      const on = await api('POST', 'microsoftaccounts/selection', { msa_id: a.msa_id, selected: true });
      expect(on.status, on.text).toBe(200);
    }
    expect(await dashboard()).toBe(true);
    expect(await mine()).toMatchObject({ selected: true });
    expect(ofAccount(await subjects('mails/filter?limit=100', {}))).toHaveLength(SANDBOX_MAILS.length);
    await api('POST', 'microsoftaccounts/selection', { msa_id: a.msa_id, selected: false });
    expect(await dashboard()).toBe(false);
    expect(await mine()).toMatchObject({ selected: false });
    // One user's choice is theirs: another user of the mailbox still has it on.
    await post(`/api/microsoftaccounts/${a.msa_id}/assignusers`, { _bulk: [{ us_id: users.operator }, { us_id: users.user }] }, own.admin);
    const theirs = ((await get('/api/mails/accounts', cookies.user)).json.mails.data as MailAccountInfo[]).find(
      (m) => m.mailaccount_id === account.mailaccount_id,
    );
    expect(theirs).toMatchObject({ selected: true });
    expect((await api('POST', 'microsoftaccounts/selection', { all: true, selected: true })).status).toBe(400);
  });
});
