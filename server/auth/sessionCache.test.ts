import { describe, expect, it } from 'vitest';
import { sha256Hex } from './password';
import { call, createTestBrand, login, uniqueName, useTestApp } from '../test/helpers';

const t = useTestApp({ sessionCacheMs: 60_000 });

describe('cached sessions still follow every change at once', () => {
  it('a logged-out cookie is refused on the very next request', async () => {
    const brand = await createTestBrand(t.db);
    const sid = await login(t.app, brand.host, 'operator@demo.test');
    expect((await call(t.app, { url: '/api/auth/whoami', host: brand.host, cookie: sid })).json.auth.data.is_loggedin).toBe(true);
    await call(t.app, { url: '/api/auth/logout', host: brand.host, cookie: sid });
    const after = await call(t.app, { url: '/api/departments/list', host: brand.host, cookie: sid });
    expect(after.status).toBe(401);
  });

  it('a user an admin demotes loses the old role on their next request', async () => {
    const brand = await createTestBrand(t.db);
    const admin = await login(t.app, brand.host, 'admin@demo.test');
    const email = `${uniqueName('nora')}@example.test`;
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/users/addUser',
      host: brand.host,
      cookie: admin,
      body: { email, role: 'Operator', firstname: 'Nora', surname: 'Quinn', password: 'first-pass' },
    });
    expect(made.status).toBe(201);
    const nora = await login(t.app, brand.host, email, 'first-pass');
    expect((await call(t.app, { url: '/api/departments/list', host: brand.host, cookie: nora })).status).toBe(200);

    await call(t.app, {
      method: 'POST',
      url: '/api/users/updateUser',
      host: brand.host,
      cookie: admin,
      body: { us_id: made.json.users.data.us_id, role: 'Engineer' },
    });
    const refused = await call(t.app, { url: '/api/departments/list', host: brand.host, cookie: nora });
    expect(refused.status).toBe(403);
    expect(refused.json.departments.dbErrors[0].general).toBe('role');
  });

  it('a password change ends the other sessions of the user at once', async () => {
    const brand = await createTestBrand(t.db);
    const email = 'user@demo.test';
    const phone = await login(t.app, brand.host, email);
    const laptop = await login(t.app, brand.host, email);
    expect((await call(t.app, { url: '/api/departments/list', host: brand.host, cookie: phone })).status).toBe(200);
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/users/changePassword',
      host: brand.host,
      cookie: laptop,
      body: { old_password: sha256Hex('demo1234'), new_password: 'another-pass-1', new_password_again: 'another-pass-1' },
    });
    expect(changed.status).toBe(200);
    expect((await call(t.app, { url: '/api/departments/list', host: brand.host, cookie: phone })).status).toBe(401);
    expect((await call(t.app, { url: '/api/departments/list', host: brand.host, cookie: laptop })).status).toBe(200);
  });
});
