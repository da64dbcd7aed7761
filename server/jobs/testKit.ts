/** Shared by the jobs integration tests: the demo brand's ids and short request helpers. */
import { expect } from 'vitest';
import { brandDb, globalDb, type RootDb } from '../db/types';
import { DEMO_HOST, call, type TestContext } from '../test/helpers';
import { jobDb, type JobDb } from './tables';

export async function brandSchema(root: RootDb, domain = 'localhost'): Promise<string> {
  const site = await globalDb(root)
    .selectFrom('domains as d')
    .innerJoin('sites as s', 's.s_id', 'd.s_id')
    .select('s.schema_name')
    .where('d.d_name', '=', domain)
    .executeTakeFirstOrThrow();
  return site.schema_name!;
}

export async function brandJobDb(root: RootDb, domain = 'localhost'): Promise<JobDb> {
  return jobDb(brandDb(root, await brandSchema(root, domain)));
}

export interface DemoIds {
  departments: { de_id: number; de_prefix: string }[];
  sites: number[];
  clients: number[];
  suppliers: number[];
  managers: number[];
  siteContacts: number[];
  users: Record<string, number>;
}

export async function demoIds(root: RootDb): Promise<DemoIds> {
  const db = await brandJobDb(root);
  const [departments, sites, contacts, managers, siteContacts, users] = await Promise.all([
    db.selectFrom('departments').select(['de_id', 'de_prefix']).orderBy('de_id').limit(5).execute(),
    db.selectFrom('jobsites').select('js_id').orderBy('js_id').limit(10).execute(),
    db.selectFrom('contacts').select(['co_id', 'co_type']).orderBy('co_id').execute(),
    db.selectFrom('propertymanagers').select('pm_id').orderBy('pm_id').limit(5).execute(),
    db.selectFrom('jobsitecontacts').select('jsc_id').orderBy('jsc_id').limit(5).execute(),
    db.selectFrom('users').select(['us_id', 'email']).where('email', 'like', '%@demo.test').execute(),
  ]);
  return {
    departments,
    sites: sites.map((s) => s.js_id),
    clients: contacts.filter((c) => c.co_type === 'CLIENT').map((c) => c.co_id),
    suppliers: contacts.filter((c) => c.co_type === 'SUPPLIER').map((c) => c.co_id),
    managers: managers.map((m) => m.pm_id),
    siteContacts: siteContacts.map((s) => s.jsc_id),
    users: Object.fromEntries(users.map((u) => [u.email.split('@')[0], u.us_id])),
  };
}

/** `brandHost` gives the Host of the brand the calls go to (read at each call: a test brand is made in beforeAll). */
export function jobCalls(t: TestContext, brandHost: () => string = () => DEMO_HOST) {
  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, body?: unknown, host = brandHost()) =>
    call(t.app, { method, url: `/api/${url}`, cookie, body, host });
  return {
    req,
    /** Creates a job and returns its details (fails the test on any other answer). */
    create: async (cookie: string, body: unknown) => {
      const res = await req('POST', 'jobs/create', cookie, body);
      expect(res.status, res.text).toBe(201);
      return res.json.jobs.data;
    },
  };
}
