import { describe, expect, it } from 'vitest';
import { DEMO_HOST, call, login, useTestApp } from '../test/helpers';

const t = useTestApp();

const ADMIN_ROUTES = [
  { method: 'POST', url: '/api/users/filter', body: {} },
  { method: 'GET', url: '/api/users/1/details' },
  { method: 'POST', url: '/api/users/addUser', body: { email: 'x@y.test', role: 'User', firstname: 'X', surname: 'Y', password: 'secret12' } },
  { method: 'POST', url: '/api/users/updateUser', body: { us_id: 1, nickname: 'x' } },
  { method: 'POST', url: '/api/users/deleteUser', body: { us_id: 1 } },
  { method: 'POST', url: '/api/users/setIsHiddenStatus', body: { us_id: 1, is_hidden: true } },
  { method: 'POST', url: '/api/users/setPassword', body: { us_id: 1, password: 'secret12' } },
  { method: 'POST', url: '/api/users/assingdefaultoperators', body: { us_id: 1, ids: [] } },
  { method: 'POST', url: '/api/users/assingpropertymanagers', body: { us_id: 1, ids: [] } },
  { method: 'POST', url: '/api/users/assingclientcontacts', body: { us_id: 1, ids: [] } },
] as const;

const STAFF_ROUTES = [
  { method: 'GET', url: '/api/users/engineers', key: 'users' },
  { method: 'GET', url: '/api/users/operators', key: 'users' },
  { method: 'GET', url: '/api/users/bemworkers', key: 'users' },
  { method: 'GET', url: '/api/users/customers', key: 'users' },
  { method: 'POST', url: '/api/users/engineers/filter', key: 'users', body: {} },
  { method: 'POST', url: '/api/users/bemworkers/filter', key: 'users', body: {} },
  { method: 'POST', url: '/api/usersemails/filter', key: 'usersemails', body: {} },
] as const;

const bodyOf = (r: object) => ('body' in r ? (r as { body: unknown }).body : undefined);

describe('users routes: role gates of SPEC.md point 6', () => {
  for (const route of [...ADMIN_ROUTES, ...STAFF_ROUTES]) {
    const key = 'key' in route ? route.key : 'users';
    it(`${route.method} ${route.url} without a session: 401 AUTH_REQUIRED`, async () => {
      const res = await call(t.app, { method: route.method, url: route.url, body: bodyOf(route) });
      expect(res.status).toBe(401);
      expect(res.json[key].dbErrors[0].error).toBe('AUTH_REQUIRED');
    });
  }

  for (const role of ['operator', 'user', 'engineer', 'sales', 'customer']) {
    for (const route of ADMIN_ROUTES) {
      it(`${route.method} ${route.url} as ${role}: 403 role`, async () => {
        const cookie = await login(t.app, DEMO_HOST, `${role}@demo.test`);
        const res = await call(t.app, { method: route.method, url: route.url, body: bodyOf(route), cookie });
        expect(res.status).toBe(403);
        expect(res.json.users.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'role' });
      });
    }
  }

  for (const route of STAFF_ROUTES) {
    it(`${route.method} ${route.url}: any staff yes, Engineer, Sales and Customer no`, async () => {
      for (const role of ['operator', 'bemaccount', 'user', 'admin']) {
        const cookie = await login(t.app, DEMO_HOST, `${role}@demo.test`);
        expect((await call(t.app, { method: route.method, url: route.url, body: bodyOf(route), cookie })).status, role).toBe(200);
      }
      for (const role of ['engineer', 'sales', 'customer']) {
        const cookie = await login(t.app, DEMO_HOST, `${role}@demo.test`);
        const res = await call(t.app, { method: route.method, url: route.url, body: bodyOf(route), cookie });
        expect(res.status, role).toBe(403);
        expect(res.json[route.key].dbErrors[0].general).toBe('role');
      }
    });
  }

  it('changePassword: refused to a Customer, open to staff, Engineer and Sales', async () => {
    const body = { old_password: 'x', new_password: 'a', new_password_again: 'b' };
    const customer = await login(t.app, DEMO_HOST, 'customer@demo.test');
    const refused = await call(t.app, { method: 'POST', url: '/api/users/changePassword', body, cookie: customer });
    expect(refused.status).toBe(403);
    expect(refused.json.users.dbErrors[0].general).toBe('role');
    for (const role of ['engineer', 'sales', 'operator']) {
      const cookie = await login(t.app, DEMO_HOST, `${role}@demo.test`);
      const res = await call(t.app, { method: 'POST', url: '/api/users/changePassword', body, cookie });
      expect(res.status, role).toBe(400);
    }
  });

  it('pick lists hold visible users of their roles', async () => {
    const cookie = await login(t.app, DEMO_HOST, 'operator@demo.test');
    const emails = async (name: string) => (await call(t.app, { url: `/api/users/${name}`, cookie })).json.users.data.map((u: { email: string }) => u.email);
    expect(await emails('engineers')).toContain('engineer@demo.test');
    expect(await emails('customers')).toEqual(expect.arrayContaining(['customer@demo.test']));
    expect(await emails('customers')).not.toContain('engineer@demo.test');
    expect(await emails('operators')).toEqual(expect.arrayContaining(['operator@demo.test', 'bemaccount@demo.test', 'procurement@demo.test']));
    expect(await emails('bemworkers')).toEqual(expect.arrayContaining(['admin@demo.test', 'user@demo.test']));
    expect(await emails('bemworkers')).not.toContain('customer@demo.test');
  });

  it('usersemails/filter searches names and addresses and needs 3 characters', async () => {
    const cookie = await login(t.app, DEMO_HOST, 'user@demo.test');
    const short = await call(t.app, { method: 'POST', url: '/api/usersemails/filter', body: { stext: 'ab' }, cookie });
    expect(short.status).toBe(400);
    expect(short.json.usersemails.dbErrors[0]).toMatchObject({ details: 'stext', primary: 'At least 3 characters' });
    const found = await call(t.app, { method: 'POST', url: '/api/usersemails/filter?totalcount=1', body: { stext: 'engineer@' }, cookie });
    expect(found.json.usersemails.data.map((u: { email: string }) => u.email)).toContain('engineer@demo.test');
    expect(Object.keys(found.json.usersemails.data[0]).sort()).toEqual(['email', 'fullname', 'us_id']);
  });
});

describe('OpenAPI', () => {
  it('lists every users, usersemails and siteconfig action', async () => {
    const doc = (await call(t.app, { url: '/api/docs/json', host: 'unknown-host.example' })).json;
    const actions = [
      'engineers',
      'operators',
      'bemworkers',
      'customers',
      'filter',
      '{id}/details',
      'addUser',
      'updateUser',
      'deleteUser',
      'setIsHiddenStatus',
      'setPassword',
      'changePassword',
      'assingdefaultoperators',
      'assingpropertymanagers',
      'assingclientcontacts',
    ];
    for (const path of [...actions.map((a) => `/api/users/${a}`), '/api/usersemails/filter', '/api/siteconfig/values'])
      expect(doc.paths, path).toHaveProperty([path]);
    expect(doc.paths['/api/users/addUser'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
    expect(doc.paths['/api/users/deleteUser'].post.description).toContain('auth.userDelete');
  });
});
