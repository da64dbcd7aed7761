/** Mail accounts through the admin API: users, aliases, enable/disable, folders, and a real sync against Dovecot. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type Dovecot } from '../../test/dovecot';
import { call, createTestBrand, login, uniqueName, useTestApp } from '../../test/helpers';
import { rawMail, withMailbox } from '../sync/testMailbox';

const t = useTestApp();
let host: string;
let admin: string;
let users: Record<string, number>;
let dovecot: Dovecot;

beforeAll(async () => {
  const brand = await createTestBrand(t.db);
  host = brand.host;
  users = brand.users;
  admin = await login(t.app, host, 'admin@demo.test');
  dovecot = await startDovecot();
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
});

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => call(t.app, { method, url, host, cookie: admin, body });
const data = (answer: { json: Record<string, { data: unknown }> }, key = 'mailaccounts') => answer.json[key].data as Record<string, unknown>;

async function newAccount(extra: Record<string, unknown> = {}) {
  const answer = await req('POST', '/api/mailaccounts/create', { ma_name: 'Office', ma_email: 'office@example.com', ma_color: '#1976d2', ...extra });
  expect(answer.status).toBe(201);
  return answer.json.mailaccounts.data;
}

async function waitFor<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('mail accounts', () => {
  it('creates an account with its e-mail as the default alias, validates, lists and deletes', async () => {
    const account = await newAccount();
    expect(account).toMatchObject({
      ma_enabled: true,
      aliases: [{ mal_email: 'office@example.com', mal_is_default: true }],
      users: [],
      imap_folders: [],
      incoming_server: null,
    });
    const bad = await req('POST', '/api/mailaccounts/create', { ma_email: 'nope', ma_color: 'red', mis_id: 999999 });
    expect(bad.status).toBe(400);
    const errors = Object.fromEntries(bad.json.mailaccounts.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]));
    expect(errors).toMatchObject({ ma_name: 'Field is required!', ma_email: 'Invalid email', ma_color: 'Invalid value' });
    const list = await req('POST', '/api/mailaccounts/filter?totalcount=1', { stext: 'office@' });
    expect(list.json.mailaccounts.data.find((a: { mailaccount_id: number }) => a.mailaccount_id === account.mailaccount_id)).toMatchObject({
      sync_status: 'idle',
      sync_error: null,
      messages_synced: 0,
    });
    expect((await req('DELETE', `/api/mailaccounts/${account.mailaccount_id}`)).status).toBe(200);
    expect((await req('GET', `/api/mailaccounts/${account.mailaccount_id}/details`)).status).toBe(404);
  });

  it('assigns staff users only, on saved accounts only, and sets can send / can delete', async () => {
    expect((await req('POST', '/api/mailaccounts/999999/assignusers', { _bulk: [] })).status).toBe(404);
    const account = await newAccount();
    const id = account.mailaccount_id;
    const refused = await req('POST', `/api/mailaccounts/${id}/assignusers`, { _bulk: [{ us_id: users.Customer }] });
    expect(refused.status).toBe(400);
    expect(refused.json.mailaccounts.dbErrors[0]).toMatchObject({ details: '_bulk.0.us_id', primary: 'Only office staff can be assigned to a mail account.' });
    const assigned = await req('POST', `/api/mailaccounts/${id}/assignusers`, {
      _bulk: [
        { us_id: users.Operator, maxu_default: true, maxu_user_can_send: true, maxu_user_can_delete: false },
        { us_id: users.User, maxu_user_can_send: false },
      ],
    });
    expect(assigned.status).toBe(200);
    expect(assigned.json.mailaccounts.data).toHaveLength(2);
    expect((await req('POST', `/api/mailaccounts/${id}/setCanDelete`, { us_id: users.Operator, value: true })).json.mailaccounts.data).toMatchObject({
      maxu_user_can_delete: true,
    });
    expect((await req('POST', `/api/mailaccounts/${id}/setCanSend`, { us_id: users.User, value: true })).json.mailaccounts.data).toMatchObject({
      maxu_user_can_send: true,
    });
    expect((await req('POST', `/api/mailaccounts/${id}/setCanSend`, { us_id: users.Admin, value: true })).status).toBe(404);
    const details = data(await req('GET', `/api/mailaccounts/${id}/details`));
    expect(details.users).toEqual(expect.arrayContaining([expect.objectContaining({ us_id: users.Operator, maxu_default: true, maxu_user_can_delete: true })]));
    // Replacing the list drops the ones left out.
    await req('POST', `/api/mailaccounts/${id}/assignusers`, { _bulk: [{ us_id: users.User }] });
    expect((data(await req('GET', `/api/mailaccounts/${id}/details`)).users as unknown[]).length).toBe(1);
  });

  it('replaces aliases with exactly one default', async () => {
    const account = await newAccount();
    const url = `/api/mailaccounts/${account.mailaccount_id}/updatealiaslist`;
    const twoDefaults = await req('POST', url, {
      _bulk: [
        { mal_email: 'a@example.com', mal_is_default: true },
        { mal_email: 'b@example.com', mal_is_default: true },
      ],
    });
    expect(twoDefaults.status).toBe(400);
    expect(twoDefaults.json.mailaccounts.dbErrors[0].primary).toBe('Exactly one alias must be the default.');
    const badEmail = await req('POST', url, { _bulk: [{ mal_email: 'nope', mal_is_default: true }] });
    expect(badEmail.json.mailaccounts.dbErrors[0]).toMatchObject({ details: '_bulk.0.mal_email', primary: 'Invalid email' });
    const saved = await req('POST', url, {
      _bulk: [{ mal_email: 'sales@example.com', mal_name: 'Sales', mal_is_default: true }, { mal_email: 'info@example.com' }],
    });
    expect(saved.json.mailaccounts.data.map((a: { mal_email: string; mal_is_default: boolean }) => [a.mal_email, a.mal_is_default])).toEqual([
      ['sales@example.com', true],
      ['info@example.com', false],
    ]);
  });

  it('syncs through the API against Dovecot, shows progress and folders, and replaces the folders with a new incoming server', async () => {
    const user = `${uniqueName('box')}@test.example`;
    await dovecot.addUser(user, 'pw-1');
    await withMailbox(dovecot, user, 'pw-1', async (c) => {
      await c.mailboxCreate('Archive');
      for (let i = 0; i < 3; i += 1) await c.append('INBOX', rawMail({ subject: `Hello ${i}` }));
    });
    const server = (
      await req('POST', '/api/mailincomingservers/create', {
        mis_name: 'Dovecot',
        mis_host: dovecot.host,
        mis_port: dovecot.port,
        mis_secure: false,
        mis_user: user,
        mis_pass: 'pw-1',
      })
    ).json.mailincomingservers.data;
    const account = await newAccount({ ma_email: user, mis_id: server.mis_id });
    const id = account.mailaccount_id;
    const queued = await req('POST', `/api/mailaccounts/${id}/sync`);
    expect(queued.status).toBe(202);
    expect(queued.json.mailaccounts.data).toMatchObject({ sync: 'started' });

    const synced = await waitFor(
      async () => data(await req('GET', `/api/mailaccounts/${id}/details`)),
      (d) => d.last_sync_at !== null,
    );
    expect(synced).toMatchObject({ sync_status: 'idle', sync_error: null });
    const folders = (await req('POST', '/api/imapfolders/filter', { mailaccount_id: id })).json.imapfolders.data;
    const inbox = folders.find((f: { ifolder_path: string }) => f.ifolder_path === 'INBOX');
    expect(inbox).toMatchObject({ ifolder_type: 'inbox', ifolder_sync_enabled: true, messages_on_server: 3, messages_synced: 3, sync_error: null });
    expect(inbox.ifolder_last_email_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(folders.map((f: { ifolder_path: string }) => f.ifolder_path)).toContain('Archive');
    const listed = (await req('GET', '/api/mailaccounts/list')).json.mailaccounts.data.find((a: { mailaccount_id: number }) => a.mailaccount_id === id);
    expect(listed).toMatchObject({ messages_synced: 3, messages_on_server: 3, mis_name: 'Dovecot' });

    // A new incoming server replaces the old one: the old folders go, the next sync rebuilds them.
    const second = (
      await req('POST', '/api/mailincomingservers/create', {
        mis_name: 'Dovecot 2',
        mis_host: dovecot.host,
        mis_port: dovecot.port,
        mis_secure: false,
        mis_user: user,
        mis_pass: 'pw-1',
      })
    ).json.mailincomingservers.data;
    const oldIds = folders.map((f: { ifolder_id: number }) => f.ifolder_id);
    await req('PATCH', `/api/mailaccounts/${id}`, { mis_id: second.mis_id });
    const rebuilt = await waitFor(
      async () =>
        (await req('POST', '/api/imapfolders/filter', { mailaccount_id: id })).json.imapfolders.data as {
          ifolder_id: number;
          ifolder_path: string;
          messages_synced: number;
        }[],
      (rows) => rows.some((r) => r.ifolder_path === 'INBOX' && r.messages_synced === 3),
    );
    expect(rebuilt.every((r) => !oldIds.includes(r.ifolder_id))).toBe(true);
  }, 60_000);

  it('edits the folder table: enable, sync from, default seen, type, clear errors', async () => {
    const user = `${uniqueName('box')}@test.example`;
    await dovecot.addUser(user, 'pw-2');
    const server = (
      await req('POST', '/api/mailincomingservers/create', {
        mis_name: 'Dovecot',
        mis_host: dovecot.host,
        mis_port: dovecot.port,
        mis_secure: false,
        mis_user: user,
        mis_pass: 'pw-2',
      })
    ).json.mailincomingservers.data;
    const { mailaccount_id: id } = await newAccount({ ma_email: user, mis_id: server.mis_id });
    await req('POST', `/api/mailaccounts/${id}/sync`);
    const [inbox] = await waitFor(
      async () => (await req('POST', '/api/imapfolders/filter', { mailaccount_id: id })).json.imapfolders.data as { ifolder_id: number }[],
      (rows) => rows.length > 0,
    );
    const f = `/api/imapfolders/${inbox.ifolder_id}`;
    expect((await req('POST', `${f}/setEnabledStatus`, { enabled: false })).json.imapfolders.data.ifolder_sync_enabled).toBe(false);
    expect((await req('POST', `${f}/setSyncFromDate`, { date: '2026-01-15' })).json.imapfolders.data.ifolder_syncfromdt).toBe('2026-01-15 12:00:00');
    expect((await req('POST', `${f}/setDefaultSeen`, { value: true })).json.imapfolders.data.is_default_seen).toBe(true);
    expect((await req('PATCH', f, { ifolder_type: 'archive', ifolder_sync_enabled: true })).json.imapfolders.data).toMatchObject({
      ifolder_type: 'archive',
      ifolder_sync_enabled: true,
    });
    expect((await req('PATCH', f, { ifolder_type: 'bogus' })).status).toBe(400);
    expect((await req('POST', `${f}/clearSyncErrorLogs`)).json.imapfolders.data.sync_error).toBeNull();
    expect((await req('POST', '/api/imapfolders/999999/setDefaultSeen', { value: true })).status).toBe(404);

    // Disabled for everyone: the sync skips it.
    expect((await req('PATCH', `/api/mailaccounts/${id}/setEnabledStatus`, { enabled: false })).json.mailaccounts.data.ma_enabled).toBe(false);
    expect((await req('POST', `/api/mailaccounts/${id}/sync`)).json.mailaccounts.data.sync).toBe('disabled');
  }, 60_000);

  it('refuses Operator and User, and never shows another brand its accounts', async () => {
    const account = await newAccount();
    const other = await createTestBrand(t.db);
    const otherAdmin = await login(t.app, other.host, 'admin@demo.test');
    for (const [method, url] of [
      ['GET', `/api/mailaccounts/${account.mailaccount_id}/details`],
      ['POST', `/api/mailaccounts/${account.mailaccount_id}/sync`],
      ['DELETE', `/api/mailaccounts/${account.mailaccount_id}`],
    ] as const) {
      expect((await call(t.app, { method, url, host: other.host, cookie: otherAdmin })).status).toBe(404);
    }
    expect((await req('GET', `/api/mailaccounts/${account.mailaccount_id}/details`)).status).toBe(200);
    for (const role of ['operator', 'user']) {
      const cookie = await login(t.app, host, `${role}@demo.test`);
      for (const [method, url] of [
        ['GET', '/api/mailaccounts/list'],
        ['POST', '/api/imapfolders/filter'],
      ] as const) {
        const answer = await call(t.app, { method, url, host, cookie, body: method === 'POST' ? {} : undefined });
        expect(answer.status).toBe(403);
      }
    }
  });
});
