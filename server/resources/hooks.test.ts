/**
 * The engine's server hooks and field flags, through a resource that has them (outgoing mail
 * servers): a secret is never answered by any route, "one default" holds however the default is
 * set, and a record in use refuses to be deleted with 409 and the spec's message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestBrand, login, useTestApp } from '../test/helpers';

const t = useTestApp();
let host: string;
let admin: string;

beforeAll(async () => {
  host = (await createTestBrand(t.db)).host;
  admin = await login(t.app, host, 'admin@demo.test');
});

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => call(t.app, { method, url, host, cookie: admin, body });
const server = (name: string, extra: Record<string, unknown> = {}) => ({
  mailserver_name: name,
  mailserver_host: 'smtp.hooks.example',
  mailserver_port: 465,
  mailserver_from: 'hooks@example.com',
  mailserver_pass: 'never-answered-pw',
  ...extra,
});
const isDefault = async (id: number) => (await req('GET', `/api/mailservers/${id}/details`)).json.mailservers.data.mailserver_is_default;

describe('resource hooks', () => {
  it('never answers a secret, from any route, and keeps it when an update leaves it out', async () => {
    const created = await req('POST', '/api/mailservers/create', server('Hooks secret'));
    expect(created.status).toBe(201);
    const id = created.json.mailservers.data.mailserver_id;
    const answers = [
      created,
      await req('GET', `/api/mailservers/${id}/details`),
      await req('GET', '/api/mailservers/list?limit=100'),
      await req('POST', '/api/mailservers/filter', { stext: 'Hooks secret' }),
      await req('PATCH', `/api/mailservers/${id}`, { mailserver_name: 'Hooks secret kept' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(answer === created ? 201 : 200);
      expect(answer.text).not.toContain('never-answered-pw');
      expect(answer.text).not.toContain('mailserver_pass');
      expect(answer.text).toContain('"has_password":true');
    }
    const deleted = await req('DELETE', `/api/mailservers/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.mailservers.data).toMatchObject({ mailserver_id: id, has_password: true });
    expect(deleted.text).not.toContain('mailserver_pass');
  });

  it('keeps one default: a new default, or one set by an update, takes it from the others', async () => {
    const a = (await req('POST', '/api/mailservers/create', server('Hooks default A', { mailserver_is_default: true }))).json.mailservers.data.mailserver_id;
    const b = (await req('POST', '/api/mailservers/create', server('Hooks default B'))).json.mailservers.data.mailserver_id;
    expect([await isDefault(a), await isDefault(b)]).toEqual([true, false]);
    const patched = await req('PATCH', `/api/mailservers/${b}`, { mailserver_is_default: true });
    expect(patched.json.mailservers.data.mailserver_is_default).toBe(true);
    expect([await isDefault(a), await isDefault(b)]).toEqual([false, true]);
    // Saving the default again leaves it the default.
    await req('PATCH', `/api/mailservers/${b}`, { mailserver_is_default: true, mailserver_name: 'Hooks default B2' });
    expect([await isDefault(a), await isDefault(b)]).toEqual([false, true]);
    const defaults = (await req('POST', '/api/mailservers/filter?limit=100', { mailserver_is_default: true })).json.mailservers.data;
    expect(defaults.map((r: { mailserver_id: number }) => r.mailserver_id)).toEqual([b]);
  });

  it('refuses to delete a record in use with 409 and the spec message, and deletes it once free', async () => {
    const id = (await req('POST', '/api/mailservers/create', server('Hooks in use'))).json.mailservers.data.mailserver_id;
    const account = (await req('POST', '/api/mailaccounts/create', { ma_name: 'Hooks', ma_email: 'hooks@example.com', mailserver_id: id })).json.mailaccounts
      .data;
    const refused = await req('DELETE', `/api/mailservers/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.mailservers.dbErrors[0]).toMatchObject({
      error: 'CONFLICT',
      details: 'mailserver_id',
      primary: 'This server is used by a mail account and cannot be deleted. Choose another server on those accounts first.',
    });
    expect((await req('GET', `/api/mailservers/${id}/details`)).status).toBe(200);
    await req('PATCH', `/api/mailaccounts/${account.mailaccount_id}`, { mailserver_id: null });
    expect((await req('DELETE', `/api/mailservers/${id}`)).status).toBe(200);
    expect((await req('GET', `/api/mailservers/${id}/details`)).status).toBe(404);
  });
});
