/** Outgoing and incoming mail servers: CRUD, write-only passwords, validation, gates and brand isolation. */
import { beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../../core/brand/types';
import { ACME_HOST, call, createTestBrand, login, useTestApp } from '../../test/helpers';
import { brandDb } from '../../db/types';
import { decryptSecret, encryptSecret } from '../secrets';
import { mailDb } from '../tables';

const t = useTestApp();
let host: string;
let schema: string;
let admin: string;

beforeAll(async () => {
  const brand = await createTestBrand(t.db);
  host = brand.host;
  schema = brand.schema;
  admin = await login(t.app, host, 'admin@demo.test');
});

const smtp = {
  mailserver_name: 'Office SMTP',
  mailserver_host: 'smtp.example.com',
  mailserver_port: 587,
  mailserver_secure: false,
  mailserver_user: 'office',
  mailserver_pass: 's3cret!',
  mailserver_from: 'office@example.com',
};
const imap = {
  mis_name: 'Office IMAP',
  mis_host: 'imap.example.com',
  mis_port: 993,
  mis_secure: true,
  mis_auth: 'plain',
  mis_user: 'office',
  mis_pass: 'imap-pw',
};
const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, cookie = admin, h = host) =>
  call(t.app, { method, url, host: h, cookie, body });

describe('mail servers', () => {
  it('creates, reads and changes an SMTP server without ever answering the password', async () => {
    const created = await req('POST', '/api/mailservers/create', smtp);
    expect(created.status).toBe(201);
    const row = created.json.mailservers.data;
    expect(row).toMatchObject({ mailserver_name: 'Office SMTP', mailserver_auth: 'plain', has_password: true });
    expect(created.text).not.toContain('s3cret!');
    expect(row).not.toHaveProperty('mailserver_pass');
    const stored = await mailDb(brandDb(t.db, schema))
      .selectFrom('mailservers')
      .select('mailserver_pass')
      .where('mailserver_id', '=', row.mailserver_id)
      .executeTakeFirstOrThrow();
    expect(stored.mailserver_pass).not.toContain('s3cret!');
    expect(decryptSecret(stored.mailserver_pass)).toBe('s3cret!');

    // An omitted password keeps the stored one.
    const patched = await req('PATCH', `/api/mailservers/${row.mailserver_id}`, { mailserver_name: 'Renamed', has_password: true });
    expect(patched.status).toBe(200);
    expect(patched.json.mailservers.data).toMatchObject({ mailserver_name: 'Renamed', has_password: true });
    for (const url of [`/api/mailservers/${row.mailserver_id}/details`, '/api/mailservers/list']) {
      const answer = await req('GET', url);
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain('mailserver_pass');
      expect(answer.text).not.toContain('enc:v1');
    }
    const cleared = await req('PATCH', `/api/mailservers/${row.mailserver_id}`, { mailserver_pass: '' });
    expect(cleared.json.mailservers.data.has_password).toBe(false);
  });

  it('keeps the OAuth client secret and refresh token write-only, and asks for what OAuth needs', async () => {
    const oauth = {
      ...imap,
      mis_auth: 'oauth',
      mis_oauth_token_url: 'https://oauth2.example.com/token',
      mis_oauth_client_id: 'client-1',
      mis_oauth_client_secret: 'cs-secret',
      mis_oauth_refresh_token: 'rt-secret',
    };
    const incomplete = await req('POST', '/api/mailincomingservers/create', { ...oauth, mis_oauth_refresh_token: undefined, mis_oauth_token_url: 'ftp://x' });
    expect(incomplete.status).toBe(400);
    const errors = Object.fromEntries(incomplete.json.mailincomingservers.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]));
    expect(errors).toMatchObject({ mis_oauth_token_url: 'Invalid value' });
    expect(
      (await req('POST', '/api/mailincomingservers/create', { ...oauth, mis_oauth_refresh_token: undefined })).json.mailincomingservers.dbErrors[0],
    ).toMatchObject({ details: 'mis_oauth_refresh_token', primary: 'Field is required!' });

    const created = await req('POST', '/api/mailincomingservers/create', oauth);
    expect(created.status).toBe(201);
    const row = created.json.mailincomingservers.data;
    expect(row).toMatchObject({ mis_auth: 'oauth', mis_oauth_client_id: 'client-1', has_client_secret: true, has_refresh_token: true });
    const db = mailDb(brandDb(t.db, schema));
    // The access token the server renews is never answered either.
    await db
      .updateTable('mailincomingservers')
      .set({ mis_oauth_access_token: encryptSecret('at-secret'), mis_oauth_error: 'invalid_grant' } as never)
      .where('mis_id', '=', row.mis_id)
      .execute();
    for (const answer of [created, await req('GET', `/api/mailincomingservers/${row.mis_id}/details`), await req('GET', '/api/mailincomingservers/list')]) {
      for (const hidden of ['cs-secret', 'rt-secret', 'at-secret', 'enc:v1', 'mis_oauth_client_secret', 'mis_oauth_refresh_token', 'mis_oauth_access_token'])
        expect(answer.text).not.toContain(hidden);
    }
    const stored = (await db.selectFrom('mailincomingservers').selectAll().where('mis_id', '=', row.mis_id).executeTakeFirstOrThrow()) as unknown as Record<
      string,
      string
    >;
    expect(decryptSecret(stored.mis_oauth_client_secret)).toBe('cs-secret');
    expect(decryptSecret(stored.mis_oauth_refresh_token)).toBe('rt-secret');

    // A new refresh token starts afresh: the old access token and the refusal are dropped.
    const patched = await req('PATCH', `/api/mailincomingservers/${row.mis_id}`, { mis_oauth_refresh_token: 'rt-new' });
    expect(patched.json.mailincomingservers.data).toMatchObject({ has_refresh_token: true, has_client_secret: true, mis_oauth_error: null });
    const after = (await db.selectFrom('mailincomingservers').selectAll().where('mis_id', '=', row.mis_id).executeTakeFirstOrThrow()) as unknown as Record<
      string,
      string | null
    >;
    expect(after.mis_oauth_access_token).toBeNull();
    expect(decryptSecret(after.mis_oauth_refresh_token)).toBe('rt-new');
  });

  it('keeps one default SMTP server', async () => {
    const a = (await req('POST', '/api/mailservers/create', { ...smtp, mailserver_is_default: true })).json.mailservers.data;
    const b = (await req('POST', '/api/mailservers/create', { ...smtp, mailserver_name: 'Second', mailserver_is_default: true })).json.mailservers.data;
    expect(b.mailserver_is_default).toBe(true);
    expect((await req('GET', `/api/mailservers/${a.mailserver_id}/details`)).json.mailservers.data.mailserver_is_default).toBe(false);
  });

  it("validates with SPEC.md's messages", async () => {
    const bad = await req('POST', '/api/mailservers/create', { mailserver_name: 'x'.repeat(101), mailserver_port: 'abc', mailserver_from: 'not-an-address' });
    expect(bad.status).toBe(400);
    const errors = Object.fromEntries(bad.json.mailservers.dbErrors.map((e: { details: string; primary: string }) => [e.details, e.primary]));
    expect(errors).toMatchObject({
      mailserver_name: 'Max. 100 chars!',
      mailserver_host: 'Field is required!',
      mailserver_port: 'Invalid number',
      mailserver_from: 'Invalid email',
    });
    const unknownField = await req('POST', '/api/mailincomingservers/create', { ...imap, mis_nonsense: 1 });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.mailincomingservers.dbErrors[0]).toMatchObject({ details: 'mis_nonsense', primary: 'Invalid value' });
    const shortSearch = await req('POST', '/api/mailincomingservers/filter', { stext: 'ab' });
    expect(shortSearch.status).toBe(400);
  });

  it('filters, and refuses to delete an incoming server in use (409) until the account lets go', async () => {
    const server = (await req('POST', '/api/mailincomingservers/create', imap)).json.mailincomingservers.data;
    expect(server).toMatchObject({ has_password: true, mis_auth: 'plain' });
    expect(server).not.toHaveProperty('mis_pass');
    const found = await req('POST', '/api/mailincomingservers/filter?totalcount=1', { stext: 'office imap' });
    expect(found.json.mailincomingservers.data.map((r: { mis_id: number }) => r.mis_id)).toContain(server.mis_id);
    expect(found.json.mailincomingservers.metadata.totalCount).toBeGreaterThanOrEqual(1);

    const account = (await req('POST', '/api/mailaccounts/create', { ma_name: 'Office', ma_email: 'office@example.com', mis_id: server.mis_id })).json
      .mailaccounts.data;
    const refused = await req('DELETE', `/api/mailincomingservers/${server.mis_id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.mailincomingservers.dbErrors[0].primary).toContain('used by a mail account');
    await req('PATCH', `/api/mailaccounts/${account.mailaccount_id}`, { mis_id: null });
    expect((await req('DELETE', `/api/mailincomingservers/${server.mis_id}`)).status).toBe(200);
    expect((await req('GET', `/api/mailincomingservers/${server.mis_id}/details`)).status).toBe(404);
  });

  it('is for Admin and Developer on brands with mail on, and never crosses brands', async () => {
    const server = (await req('POST', '/api/mailincomingservers/create', imap)).json.mailincomingservers.data;
    for (const role of ['operator', 'user']) {
      const cookie = await login(t.app, host, `${role}@demo.test`);
      const refused = await req('GET', '/api/mailincomingservers/list', undefined, cookie);
      expect(refused.status).toBe(403);
      expect(refused.json.mailincomingservers.dbErrors[0].general).toBe('role');
    }
    const developer = await login(t.app, host, 'developer@demo.test');
    expect((await req('GET', '/api/mailservers/list', undefined, developer)).status).toBe(200);

    const acmeAdmin = await login(t.app, ACME_HOST, 'admin@demo.test');
    const off = await req('GET', '/api/mailservers/list', undefined, acmeAdmin, ACME_HOST);
    expect(off.status).toBe(403);
    expect(off.json.mailservers.dbErrors[0].general).toBe('feature');

    const other = await createTestBrand(t.db, allFeatures(true));
    const otherAdmin = await login(t.app, other.host, 'admin@demo.test');
    expect((await req('GET', `/api/mailincomingservers/${server.mis_id}/details`, undefined, otherAdmin, other.host)).status).toBe(404);
    expect((await req('DELETE', `/api/mailincomingservers/${server.mis_id}`, undefined, otherAdmin, other.host)).status).toBe(404);
    expect((await req('GET', `/api/mailincomingservers/${server.mis_id}/details`)).status).toBe(200);
  });
});
