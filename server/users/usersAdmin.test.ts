import { beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../core/brand/types';
import { ACME_HOST, DEMO_HOST, call, login, createTestBrand, uniqueName, useTestApp } from '../test/helpers';

const t = useTestApp();
let brand: Awaited<ReturnType<typeof createTestBrand>>;

beforeAll(async () => {
  brand = await createTestBrand(t.db);
});

const post = (url: string, body: unknown, cookie: string, host = brand.host) => call(t.app, { method: 'POST', url: `/api/users/${url}`, body, cookie, host });
const errorsOf = (res: { json: { users: { dbErrors: { details: string; primary: string }[] } } }) => res.json.users.dbErrors.map((e) => [e.details, e.primary]);
const newUser = (extra: Record<string, unknown> = {}) => ({
  email: `${uniqueName('u')}@Example.test`,
  role: 'User',
  firstname: 'Nora',
  surname: 'Quinn',
  password: 'first-pass',
  ...extra,
});

describe('users: add, update, hide, passwords', () => {
  it('addUser creates a user who can log in with the password as typed; empty strings become null', async () => {
    const admin = await login(t.app, brand.host, 'admin@demo.test');
    const body = newUser({ nickname: '' });
    const res = await post('addUser', body, admin);
    expect(res.status).toBe(201);
    expect(res.headers['x-show-snackbar']).toBe('1');
    expect(res.json.users.data).toMatchObject({
      email: body.email.toLowerCase(),
      fullname: 'Nora Quinn',
      nickname: null,
      role: 'User',
      is_hidden: false,
      default_operators: [],
    });
    expect(res.json.users.data).not.toHaveProperty('password_hash');
    await login(t.app, brand.host, body.email.toLowerCase(), 'first-pass');
    const dup = await post('addUser', { ...body, email: body.email.toUpperCase() }, admin);
    expect(dup.status).toBe(409);
  });

  it('addUser gives the validation messages of SPEC.md point 5', async () => {
    const admin = await login(t.app, brand.host, 'admin@demo.test');
    const res = await post('addUser', { email: 'not-an-email', role: 'Developer', firstname: 'x'.repeat(101), surname: '', password: '' }, admin);
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual(
      expect.arrayContaining([
        ['email', 'Invalid email'],
        ['firstname', 'Max. 100 chars!'],
        ['surname', 'Field is required!'],
      ]),
    );
    const role = await post('addUser', newUser({ role: 'Developer' }), admin);
    expect(errorsOf(role)).toEqual([['role', 'Invalid value']]);
    const noPassword = await post('addUser', newUser({ password: '' }), admin);
    expect(errorsOf(noPassword)).toEqual([['password', 'Field is required!']]);
    const unknown = await post('addUser', newUser({ password_hash: 'x' }), admin);
    expect(errorsOf(unknown)).toEqual([['password_hash', 'Invalid value']]);
    const dev = await login(t.app, brand.host, 'developer@demo.test');
    expect((await post('addUser', newUser({ role: 'Developer' }), dev)).status).toBe(201);
  });

  it('updateUser changes the given fields and the full name; an Admin cannot touch a Developer', async () => {
    const admin = await login(t.app, brand.host, 'admin@demo.test');
    const made = (await post('addUser', newUser(), admin)).json.users.data;
    const res = await post('updateUser', { us_id: made.us_id, surname: 'Reyes', role: 'Engineer' }, admin);
    expect(res.status).toBe(200);
    expect(res.json.users.data).toMatchObject({ surname: 'Reyes', fullname: 'Nora Reyes', role: 'Engineer' });
    expect(errorsOf(await post('updateUser', { us_id: made.us_id, email: '' }, admin))).toEqual([['email', 'Field is required!']]);
    expect(errorsOf(await post('updateUser', { us_id: made.us_id, role: 'Developer' }, admin))).toEqual([['role', 'Invalid value']]);
    expect(errorsOf(await post('updateUser', { nickname: 'x' }, admin))).toEqual([['us_id', 'Field is required!']]);
    const dev = await post('updateUser', { us_id: brand.users.Developer, nickname: 'x' }, admin);
    expect(dev.status).toBe(403);
    expect(dev.json.users.dbErrors[0].general).toBe('role');
    expect((await post('updateUser', { us_id: 999999, nickname: 'x' }, admin)).status).toBe(404);
  });

  it('the last admin cannot be demoted or deleted, another one can', async () => {
    const own = await createTestBrand(t.db);
    const admin = await login(t.app, own.host, 'admin@demo.test');
    const dev = await login(t.app, own.host, 'developer@demo.test');
    const demote = await post('updateUser', { us_id: own.users.Admin, role: 'User' }, admin, own.host);
    expect(demote.status).toBe(409);
    expect(demote.json.users.dbErrors[0].primary).toBe('The last admin cannot be deleted or given another role.');
    const del = await post('deleteUser', { us_id: own.users.Admin }, dev, own.host);
    expect(del.status).toBe(409);
    expect(del.json.users.dbErrors[0].primary).toBe('The last admin cannot be deleted or given another role.');
    const self = await post('deleteUser', { us_id: own.users.Admin }, admin, own.host);
    expect(self.json.users.dbErrors[0].primary).toBe('You cannot delete your own account.');
    const second = (await post('addUser', newUser({ role: 'Admin' }), admin, own.host)).json.users.data;
    expect((await post('updateUser', { us_id: own.users.Admin, role: 'User' }, dev, own.host)).status).toBe(200);
    expect((await post('updateUser', { us_id: second.us_id, role: 'User' }, dev, own.host)).status).toBe(409);
  });

  it('deleteUser only where auth.userDelete is on', async () => {
    const features = allFeatures(true);
    features.auth.userDelete = false;
    const off = await createTestBrand(t.db, features);
    const offAdmin = await login(t.app, off.host, 'admin@demo.test');
    const refused = await post('deleteUser', { us_id: off.users.User }, offAdmin, off.host);
    expect(refused.status).toBe(403);
    expect(refused.json.users.dbErrors[0].general).toBe('feature');
    const admin = await login(t.app, brand.host, 'admin@demo.test');
    const made = (await post('addUser', newUser(), admin)).json.users.data;
    const res = await post('deleteUser', { us_id: made.us_id }, admin);
    expect(res.status).toBe(200);
    expect(res.json.users.data.email).toBe(made.email);
    expect((await call(t.app, { url: `/api/users/${made.us_id}/details`, cookie: admin, host: brand.host })).status).toBe(404);
  });

  it('setIsHiddenStatus hides a user from the pick lists and back', async () => {
    const admin = await login(t.app, brand.host, 'admin@demo.test');
    const made = (await post('addUser', newUser({ role: 'Engineer' }), admin)).json.users.data;
    const engineers = async () =>
      (await call(t.app, { url: '/api/users/engineers', cookie: admin, host: brand.host })).json.users.data.map((u: { us_id: number }) => u.us_id);
    expect(await engineers()).toContain(made.us_id);
    const hidden = await post('setIsHiddenStatus', { us_id: made.us_id, is_hidden: true }, admin);
    expect(hidden.json.users.data.is_hidden).toBe(true);
    expect(await engineers()).not.toContain(made.us_id);
    await post('setIsHiddenStatus', { us_id: made.us_id, is_hidden: false }, admin);
    expect(await engineers()).toContain(made.us_id);
    expect(errorsOf(await post('setIsHiddenStatus', { us_id: made.us_id, is_hidden: 'yes' }, admin))).toEqual([['is_hidden', 'Invalid value']]);
    expect(errorsOf(await post('setIsHiddenStatus', { us_id: made.us_id }, admin))).toEqual([['is_hidden', 'Field is required!']]);
  });

  it('setPassword: the user logs in with the new password only, and their sessions end', async () => {
    const admin = await login(t.app, brand.host, 'admin@demo.test');
    const body = newUser();
    const made = (await post('addUser', body, admin)).json.users.data;
    const old = await login(t.app, brand.host, made.email, 'first-pass');
    expect(errorsOf(await post('setPassword', { us_id: made.us_id, password: '' }, admin))).toEqual([['password', 'Field is required!']]);
    expect((await post('setPassword', { us_id: made.us_id, password: 'second-pass' }, admin)).status).toBe(200);
    await expect(login(t.app, brand.host, made.email, 'first-pass')).rejects.toThrow();
    await login(t.app, brand.host, made.email, 'second-pass');
    const who = await call(t.app, { url: '/api/auth/whoami', cookie: old, host: brand.host });
    expect(who.json.auth.data.is_loggedin).toBe(false);
    expect((await post('setPassword', { us_id: brand.users.Developer, password: 'x' }, admin)).status).toBe(403);
  });
});

describe('users: brand isolation', () => {
  it('a record of another brand is never reachable, by id or by filter', async () => {
    const acmeAdmin = await login(t.app, ACME_HOST, 'admin@demo.test');
    const demoAdmin = await login(t.app, DEMO_HOST, 'admin@demo.test');
    const maxAcme = (await call(t.app, { method: 'POST', url: '/api/users/filter?sort=-us_id&limit=1', body: {}, cookie: acmeAdmin, host: ACME_HOST })).json
      .users.data[0].us_id;
    let made = (await post('addUser', newUser(), demoAdmin, DEMO_HOST)).json.users.data;
    while (made.us_id <= maxAcme) made = (await post('addUser', newUser(), demoAdmin, DEMO_HOST)).json.users.data;
    expect((await call(t.app, { url: `/api/users/${made.us_id}/details`, cookie: acmeAdmin, host: ACME_HOST })).status).toBe(404);
    expect((await post('updateUser', { us_id: made.us_id, nickname: 'x' }, acmeAdmin, ACME_HOST)).status).toBe(404);
    expect((await post('setPassword', { us_id: made.us_id, password: 'x' }, acmeAdmin, ACME_HOST)).status).toBe(404);
    expect((await post('deleteUser', { us_id: made.us_id }, acmeAdmin, ACME_HOST)).status).toBe(404);
    const byId = await post('filter', { ids: [made.us_id] }, acmeAdmin, ACME_HOST);
    expect(byId.json.users.data).toEqual([]);
    const byText = await post('filter', { stext: made.email.slice(0, 12) }, acmeAdmin, ACME_HOST);
    expect(byText.json.users.data).toEqual([]);
    const mine = await post('filter', { stext: made.email.slice(0, 12) }, demoAdmin, DEMO_HOST);
    expect(mine.json.users.data.map((u: { us_id: number }) => u.us_id)).toEqual([made.us_id]);
    expect((await post('deleteUser', { us_id: made.us_id }, demoAdmin, DEMO_HOST)).status).toBe(200);
  });

  it("a session of one brand is unknown on another brand's host", async () => {
    const demoAdmin = await login(t.app, DEMO_HOST, 'admin@demo.test');
    const res = await post('filter', {}, demoAdmin, ACME_HOST);
    expect(res.status).toBe(401);
    expect(res.json.users.dbErrors[0].error).toBe('AUTH_REQUIRED');
  });
});
