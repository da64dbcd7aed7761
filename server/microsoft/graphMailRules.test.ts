/**
 * Rules of a Microsoft mailbox's mail that its users and admins notice, through the HTTP API against
 * the run's sandbox (server/test/globalSetup.ts):
 * - `details` gives each folder's sync state: a folder whose sync failed says why, while the other
 *   folders of the mailbox still sync; its next good pass clears it.
 * - The rights given by `assignusers` hold in the mail client: without can-send a user cannot send
 *   from the mailbox, without can-delete cannot delete its mail (nothing changes at Microsoft);
 *   with can-delete the delete reaches Microsoft's Deleted Items.
 * - A new mail of a user whose default account cannot send (the demo's Office, no outgoing server)
 *   goes out from the first account that can: the mailbox, through Graph.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailListRow } from '../../core/mail/client/types';
import type { MicrosoftAccountDetails } from '../../core/microsoft/types';
import { providerControl } from '../../providers/control';
import { SANDBOX_MAILS } from '../../providers/microsoft/sandboxMail';
import { brandDb } from '../db/types';
import { mailDb, type MailDb } from '../mail/tables';
import { call, login, sandboxProviders, uniqueName, useTestApp, useTestBrand } from '../test/helpers';
import { registerMicrosoftMail } from './mailLink';
import { connectMicrosoft } from './testConnect';

const t = useTestApp();
const own = useTestBrand(t);
let operator = '';
let operatorId = 0;

beforeAll(async () => {
  registerMicrosoftMail();
  operator = await login(t.app, own.brand.host, 'operator@demo.test');
  operatorId = (await maildb().selectFrom('users').select('us_id').where('email', '=', 'operator@demo.test').executeTakeFirstOrThrow()).us_id;
});

const host = () => own.brand.host;
const maildb = (): MailDb => mailDb(brandDb(t.db, own.brand.schema));
const api = (cookie: string, method: string, url: string, body?: unknown) => call(t.app, { method, url: `/api/${url}`, body, cookie, host: host() });
const details = async (msaId: number): Promise<MicrosoftAccountDetails> => {
  const res = await api(own.admin, 'GET', `microsoftaccounts/${msaId}/details`);
  expect(res.status, res.text).toBe(200);
  return res.json.microsoftaccounts.data;
};

/** Asks for a sync through the mailbox's button and waits for it to end (without a queue the task runs in this process). */
async function syncNow(msaId: number): Promise<void> {
  const res = await api(own.admin, 'POST', `microsoftaccounts/${msaId}/sync`, {});
  expect(res.status, res.text).toBe(202);
  await expect.poll(async () => (await details(msaId)).status, { timeout: 60_000, interval: 200 }).toBe('connected');
}

/** A new sandbox mailbox with the operator assigned with `rights`, synced once. */
async function mailbox(rights: { can_send: boolean; can_delete: boolean }) {
  const email = `${uniqueName('rules')}@contoso.test`;
  const a = await connectMicrosoft(t.app, host(), own.admin, email);
  const assigned = await api(own.admin, 'POST', `microsoftaccounts/${a.msa_id}/assignusers`, { _bulk: [{ us_id: operatorId, ...rights }] });
  expect(assigned.status, assigned.text).toBe(200);
  await syncNow(a.msa_id);
  const account = await maildb()
    .selectFrom('mailaccounts')
    .select('mailaccount_id')
    .where('msa_id', '=', a.msa_id)
    .where('ma_source', '=', 'graph')
    .executeTakeFirstOrThrow();
  return { email, msaId: a.msa_id, accountId: account.mailaccount_id };
}

const plainMail = (to: string, subject: string) =>
  [
    'From: Client <client@example.com>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <${uniqueName('m')}@example.com>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello.',
    '',
  ].join('\r\n');

describe('a Microsoft mailbox’s mail: folder sync state and rights', () => {
  it('details tell which folder failed to sync and why, the other folders go on, and a good pass clears it', async () => {
    const { email, msaId, accountId } = await mailbox({ can_send: true, can_delete: false });
    const before = await details(msaId);
    expect(before.folders.length).toBeGreaterThan(1);
    expect(before.folders.every((f) => f.sync_error === null && f.sync_error_at === null)).toBe(true);

    // The Inbox's stored delta link now names a folder Microsoft no longer has (404 on the next pass).
    const inbox = await maildb()
      .selectFrom('imapfolders')
      .select(['ifolder_id', 'graph_delta_link'])
      .where('mailaccount_id', '=', accountId)
      .where('ifolder_path', '=', 'Inbox')
      .executeTakeFirstOrThrow();
    const link = inbox.graph_delta_link!;
    const broken = link.replace(/\/mailFolders\/[^/]+\//, '/mailFolders/gone-folder/');
    expect(broken).not.toBe(link);
    await maildb().updateTable('imapfolders').set({ graph_delta_link: broken }).where('ifolder_id', '=', inbox.ifolder_id).execute();
    const control = providerControl(sandboxProviders());
    await control.microsoft.deliverMail(email, { mime: plainMail(email, 'Filed by hand'), folder: 'sentitems' });

    await syncNow(msaId);
    const failed = await details(msaId);
    const failedInbox = failed.folders.find((f) => f.name === 'Inbox');
    expect(failedInbox?.sync_error).toEqual(expect.any(String));
    expect(failedInbox?.sync_error_at).not.toBeNull();
    // The rest of the mailbox synced: the mail put in Sent Items at Microsoft is there, its folder without error.
    expect(failed.folders.find((f) => f.name === 'Sent Items')).toMatchObject({ total: 1, sync_error: null, sync_error_at: null });
    expect(failed.folders.filter((f) => f.sync_error !== null).map((f) => f.name)).toEqual(['Inbox']);

    await maildb().updateTable('imapfolders').set({ graph_delta_link: link }).where('ifolder_id', '=', inbox.ifolder_id).execute();
    await syncNow(msaId);
    expect((await details(msaId)).folders.find((f) => f.name === 'Inbox')).toMatchObject({
      total: SANDBOX_MAILS.length,
      sync_error: null,
      sync_error_at: null,
    });
  });

  it('without can-send a user cannot send from the mailbox; without can-delete cannot delete its mail, and Microsoft keeps it', async () => {
    const { email, accountId } = await mailbox({ can_send: false, can_delete: false });
    const control = providerControl(sandboxProviders());
    const sentBefore = (await control.microsoft.mailMessages(email, 'sentitems')).length;

    const draft = await api(operator, 'POST', 'maildrafts/create', { mailaccount_id: accountId, mdraft_to_arr: [{ name: '', address: 'client@example.com' }] });
    // The mailbox is not among the From addresses offered, and a draft from it is refused.
    const aliases = await api(operator, 'GET', 'mailaliases/list');
    expect(aliases.status, aliases.text).toBe(200);
    expect((aliases.json.mailaliases.data as { mal_email: string }[]).map((a) => a.mal_email)).not.toContain(email);
    expect(draft.status, draft.text).toBe(400);
    expect(draft.json.maildrafts.dbErrors[0]).toMatchObject({ details: 'mal_id' });
    expect((await control.microsoft.mailMessages(email, 'sentitems')).length).toBe(sentBefore);

    const rows = (await api(operator, 'GET', `mails/list?mailaccount_id=${accountId}&limit=50`)).json.mails.data as MailListRow[];
    expect(rows).toHaveLength(SANDBOX_MAILS.length);
    const victim = rows[0];
    const refused = await api(operator, 'PATCH', `mails/${victim.ma_id}`, { is_deleted: true });
    expect(refused.status).toBe(403);
    const inbox = await control.microsoft.mailMessages(email, 'inbox');
    expect(inbox.map((m) => m.subject)).toContain(victim.mail_subject);
    expect(await control.microsoft.mailMessages(email, 'deleteditems')).toEqual([]);
  });

  it('a new mail of a user whose default account has no outgoing server goes out from the mailbox, through Graph into Sent Items', async () => {
    // The demo's case: the user's default account (the demo's Office) has no outgoing server.
    const officeEmail = `${uniqueName('office')}@demo.test`;
    const office = await maildb()
      .insertInto('mailaccounts')
      .values({ ma_name: 'Office', ma_email: officeEmail })
      .returning(['mailaccount_id', 'mailserver_id'])
      .executeTakeFirstOrThrow();
    expect(office.mailserver_id).toBeNull();
    await maildb().updateTable('mailaccount_users').set({ maxu_default: false }).where('us_id', '=', operatorId).execute();
    await maildb()
      .insertInto('mailaccount_users')
      .values({ mailaccount_id: office.mailaccount_id, us_id: operatorId, maxu_default: true, maxu_user_can_send: true, maxu_user_can_delete: false })
      .execute();
    const { email, accountId } = await mailbox({ can_send: true, can_delete: false });
    // The mailboxes of the tests before are not the operator's any more: this one is the only one that can send.
    await maildb()
      .deleteFrom('mailaccount_users')
      .where('us_id', '=', operatorId)
      .where('mailaccount_id', '!=', accountId)
      .where('mailaccount_id', 'in', (eb) => eb.selectFrom('mailaccounts').select('mailaccount_id').where('ma_source', '=', 'graph'))
      .execute();
    const made = await api(operator, 'POST', 'maildrafts/create', { mdraft_to_arr: [{ name: '', address: 'client@example.com' }] });
    expect(made.status, made.text).toBe(201);
    const draft = made.json.maildrafts.data;
    expect(draft.from).toMatchObject({ address: email });
    const subject = `Quote for the roof ${uniqueName('q')}`;
    const sent = await api(operator, 'POST', `maildrafts/${draft.mdraft_id}/updateAndSend`, { mdraft_version: draft.mdraft_version, mdraft_subject: subject });
    expect(sent.status, sent.text).toBe(200);
    const control = providerControl(sandboxProviders());
    expect((await control.microsoft.mailMessages(email, 'sentitems')).map((m) => m.subject)).toContain(subject);
    // A choice of the default account is still the user's to make.
    const chosen = await api(operator, 'POST', 'maildrafts/create', { mailaccount_id: office.mailaccount_id });
    expect(chosen.status, chosen.text).toBe(201);
    expect(chosen.json.maildrafts.data.from).toMatchObject({ address: officeEmail });
  });

  it('with can-delete the delete reaches Microsoft: the message is in Deleted Items there', async () => {
    const { email, accountId } = await mailbox({ can_send: true, can_delete: true });
    const control = providerControl(sandboxProviders());
    const rows = (await api(operator, 'GET', `mails/list?mailaccount_id=${accountId}&limit=50`)).json.mails.data as MailListRow[];
    const victim = rows[0];
    const done = await api(operator, 'PATCH', `mails/${victim.ma_id}`, { is_deleted: true });
    expect(done.status, done.text).toBe(200);
    expect((await control.microsoft.mailMessages(email, 'deleteditems')).map((m) => m.subject)).toContain(victim.mail_subject);
    expect((await control.microsoft.mailMessages(email, 'inbox')).map((m) => m.subject)).not.toContain(victim.mail_subject);
  });
});
