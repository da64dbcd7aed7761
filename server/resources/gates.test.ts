import { describe, expect, it } from 'vitest';
import { DEMO_HOST, call, login, useTestApp } from '../test/helpers';

const t = useTestApp();

/** Every route the engine makes for a resource, with a body where it takes one. */
const ROUTES = [
  { method: 'GET', url: '/api/departments/list' },
  { method: 'POST', url: '/api/departments/filter', body: {} },
  { method: 'POST', url: '/api/departments/create', body: { de_name: 'Nope', de_prefix: 'NOPE' } },
  { method: 'GET', url: '/api/departments/1/details' },
  { method: 'PATCH', url: '/api/departments/1', body: { de_name: 'Nope' } },
  { method: 'DELETE', url: '/api/departments/1' },
] as const;

describe('resource routes refuse in the envelope', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url} without a session answers 401 AUTH_REQUIRED`, async () => {
      const res = await call(t.app, { method: route.method, url: route.url, body: 'body' in route ? route.body : undefined, host: DEMO_HOST });
      expect(res.status).toBe(401);
      expect(res.json.departments.dbErrors[0]).toMatchObject({ error: 'AUTH_REQUIRED' });
      expect(res.json.departments.metadata.userData.isLogged).toBe(false);
    });

    it(`${route.method} ${route.url} for an Engineer answers 403 with blocked 'role'`, async () => {
      const engineer = await login(t.app, DEMO_HOST, 'engineer@demo.test');
      const res = await call(t.app, {
        method: route.method,
        url: route.url,
        body: 'body' in route ? route.body : undefined,
        cookie: engineer,
        host: DEMO_HOST,
      });
      expect(res.status).toBe(403);
      expect(res.json.departments.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'role' });
    });
  }

  it('a User may read departments but not change them', async () => {
    const user = await login(t.app, DEMO_HOST, 'user@demo.test');
    expect((await call(t.app, { url: '/api/departments/list', cookie: user })).status).toBe(200);
    const res = await call(t.app, { method: 'POST', url: '/api/departments/create', body: { de_name: 'Nope', de_prefix: 'NOPE' }, cookie: user });
    expect(res.status).toBe(403);
    expect(res.json.departments.dbErrors[0]).toMatchObject({ error: 'FORBIDDEN', general: 'role' });
  });
});
