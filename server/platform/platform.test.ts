/** Brands stay apart for Developers and Sales: across brands only with a platform account, which nobody else can take over. */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { globalDb } from '../db/types';
import { createUser } from '../seed/users';
import { DEMO_HOST, call, createTestBrand, login, uniqueName, useTestApp, type TestBrand } from '../test/helpers';

const t = useTestApp();
/** A brand of this file's own, whose Developer and Sales users hold no platform account. */
let own: TestBrand;
let ownDev: string;
let ownSales: string;
/** The demo brand's Developer, a platform account from the seed. */
let platformDev: string;
let demoSiteId: number;

const forbiddenBrand = (res: { status: number; json: Record<string, { dbErrors: { general: string }[] }> }, key = 'dev') => {
  expect(res.status).toBe(403);
  expect(res.json[key].dbErrors[0].general).toBe('brand');
};

beforeAll(async () => {
  own = await createTestBrand(t.db);
  [ownDev, ownSales, platformDev] = await Promise.all([
    login(t.app, own.host, 'developer@demo.test'),
    login(t.app, own.host, 'sales@demo.test'),
    login(t.app, DEMO_HOST, 'developer@demo.test'),
  ]);
  demoSiteId = (await globalDb(t.db).selectFrom('domains').select('s_id').where('d_name', '=', 'localhost').executeTakeFirstOrThrow()).s_id;
});

describe('a Developer or Sales user without a platform account', () => {
  it('sees and changes their own brand site only', async () => {
    for (const cookie of [ownDev, ownSales]) {
      const list = await call(t.app, { url: '/api/dev/sites/list?totalcount=1', host: own.host, cookie });
      expect(list.status).toBe(200);
      expect(list.json.dev.data.map((s: { s_id: number }) => s.s_id)).toEqual([own.s_id]);
      expect(list.json.dev.metadata.totalCount).toBe(1);
      const found = await call(t.app, { method: 'POST', url: '/api/dev/sites/filter', host: own.host, cookie, body: { stext: 'Demo Maintenance' } });
      expect(found.json.dev.data).toEqual([]);
      expect((await call(t.app, { url: `/api/dev/sites/${own.s_id}/details`, host: own.host, cookie })).status).toBe(200);
      forbiddenBrand(await call(t.app, { url: `/api/dev/sites/${demoSiteId}/details`, host: own.host, cookie }));
      forbiddenBrand(await call(t.app, { method: 'PATCH', url: `/api/dev/sites/${demoSiteId}`, host: own.host, cookie, body: { description: 'taken over' } }));
      forbiddenBrand(
        await call(t.app, {
          method: 'POST',
          url: '/api/dev/sites/create',
          host: own.host,
          cookie,
          body: { name: 'Another', domains: [{ d_type: 'primary', d_name: `${uniqueName('x')}.test` }] },
        }),
      );
    }
    const own2 = await call(t.app, { method: 'PATCH', url: `/api/dev/sites/${own.s_id}`, host: own.host, cookie: ownDev, body: { description: 'our own' } });
    expect(own2.status).toBe(200);
    const demo = await globalDb(t.db).selectFrom('sites').select('description').where('s_id', '=', demoSiteId).executeTakeFirstOrThrow();
    expect(demo.description).not.toBe('taken over');
  });

  it("cannot read or change another brand's configuration, nor every brand's at once", async () => {
    const list = await call(t.app, { url: '/api/dev/configs/list', host: own.host, cookie: ownDev });
    expect(list.json.dev.data.map((s: { s_id: number }) => s.s_id)).toEqual([own.s_id]);
    forbiddenBrand(await call(t.app, { url: `/api/dev/configs/${demoSiteId}/details`, host: own.host, cookie: ownDev }));
    forbiddenBrand(
      await call(t.app, {
        method: 'PATCH',
        url: `/api/dev/configs/${demoSiteId}`,
        host: own.host,
        cookie: ownDev,
        body: { path: 'customSettings.visibleName', value: 'taken over' },
      }),
    );
    forbiddenBrand(
      await call(t.app, {
        method: 'POST',
        url: '/api/configs/updateAll',
        host: own.host,
        cookie: ownDev,
        body: { path: 'customSettings.visibleName', value: 'everyone' },
      }),
      'configs',
    );
    const ok = await call(t.app, {
      method: 'PATCH',
      url: `/api/dev/configs/${own.s_id}`,
      host: own.host,
      cookie: ownDev,
      body: { path: 'customSettings.visibleName', value: 'Ours' },
    });
    expect(ok.status).toBe(200);
  });

  it("runs SQL batches on their own brand's schema only, and cannot change the shared batch files", async () => {
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/dev/batchfiles/create',
      host: DEMO_HOST,
      cookie: platformDev,
      body: { bf_name: uniqueName('probe'), se_type: 'site_n', bf_sql: 'select 1;' },
    });
    expect(created.status).toBe(201);
    const fileId = created.json.dev.data.bf_id as number;
    const { dbName } = (await sql<{ dbName: string }>`select current_database() as "dbName"`.execute(t.db)).rows[0];
    const run = (schemas: string[]) =>
      call(t.app, {
        method: 'POST',
        url: '/api/dev/batchfiles/run',
        host: own.host,
        cookie: ownDev,
        body: { fileIds: [fileId], se_type: 'site_n', selectedSchemasByDatabases: { [dbName]: schemas }, dryRun: true },
      });
    expect((await run([own.schema])).status).toBe(200);
    forbiddenBrand(await run(['site_1']));
    forbiddenBrand(await run([own.schema, 'site_1']));
    expect((await call(t.app, { url: '/api/dev/batchfiles/list', host: own.host, cookie: ownDev })).status).toBe(200);
    forbiddenBrand(
      await call(t.app, {
        method: 'POST',
        url: '/api/dev/batchfiles/create',
        host: own.host,
        cookie: ownDev,
        body: { bf_name: uniqueName('mine'), se_type: 'site_n', bf_sql: 'select 1;' },
      }),
    );
    forbiddenBrand(
      await call(t.app, { method: 'PATCH', url: `/api/dev/batchfiles/${fileId}`, host: own.host, cookie: ownDev, body: { bf_sql: 'drop table users;' } }),
    );
    forbiddenBrand(await call(t.app, { method: 'DELETE', url: `/api/dev/batchfiles/${fileId}`, host: own.host, cookie: ownDev }));
  });

  it("reads their own brand's errors and dashboard only", async () => {
    forbiddenBrand(await call(t.app, { url: '/api/dev/errorlogs/list', host: own.host, cookie: ownDev }));
    forbiddenBrand(await call(t.app, { url: '/api/dev/sqlexecuted/list', host: own.host, cookie: ownDev }));
    expect((await call(t.app, { url: '/api/dev/globalerrors/list', host: own.host, cookie: ownDev })).status).toBe(200);
    const board = await call(t.app, { url: '/api/dev/dashboard', host: own.host, cookie: ownDev });
    expect(board.json.dev.data.map((b: { s_id: number }) => b.s_id)).toEqual([own.s_id]);
    forbiddenBrand(await call(t.app, { method: 'DELETE', url: `/api/dev/sites/${demoSiteId}`, host: own.host, cookie: ownDev }));
  });
});

describe('a platform account', () => {
  it('acts across brands', async () => {
    const list = await call(t.app, { url: '/api/dev/sites/list?limit=1000', host: DEMO_HOST, cookie: platformDev });
    expect(list.json.dev.data.map((s: { s_id: number }) => s.s_id)).toEqual(expect.arrayContaining([demoSiteId, own.s_id]));
    expect((await call(t.app, { url: `/api/dev/configs/${own.s_id}/details`, host: DEMO_HOST, cookie: platformDev })).status).toBe(200);
    expect((await call(t.app, { url: '/api/dev/errorlogs/list', host: DEMO_HOST, cookie: platformDev })).status).toBe(200);
    const board = await call(t.app, { url: '/api/dev/dashboard', host: DEMO_HOST, cookie: platformDev });
    expect(board.json.dev.data.map((b: { s_id: number }) => b.s_id)).toEqual(expect.arrayContaining([demoSiteId, own.s_id]));
  });

  it('cannot be changed or taken over by anyone else of its brand, not even another Developer', async () => {
    // Granted as the operator would (npm run platform): a Sales user of this file's brand.
    const salesId = own.users.Sales;
    await sql`insert into global.platform_accounts (s_id, us_id) values (${own.s_id}, ${salesId})`.execute(t.db);
    const otherDev = await createUser(t.db, own.schema, {
      email: `${uniqueName('dev')}@demo.test`,
      role: 'Developer',
      firstname: 'Other',
      surname: 'Developer',
    });
    const admin = await login(t.app, own.host, 'admin@demo.test');
    const developer = await login(t.app, own.host, 'developer@demo.test');
    for (const cookie of [admin, developer]) {
      forbiddenBrand(
        await call(t.app, { method: 'POST', url: '/api/users/setPassword', host: own.host, cookie, body: { us_id: salesId, password: 'taken-over-now' } }),
        'users',
      );
      forbiddenBrand(
        await call(t.app, { method: 'POST', url: '/api/users/updateUser', host: own.host, cookie, body: { us_id: salesId, email: 'mine@demo.test' } }),
        'users',
      );
      forbiddenBrand(
        await call(t.app, { method: 'POST', url: '/api/users/setIsHiddenStatus', host: own.host, cookie, body: { us_id: salesId, is_hidden: true } }),
        'users',
      );
    }
    // The holder still signs in with their own password, and another Developer is an ordinary target.
    expect(
      (await call(t.app, { method: 'POST', url: '/api/users/updateUser', host: own.host, cookie: developer, body: { us_id: otherDev, firstname: 'Renamed' } }))
        .status,
    ).toBe(200);
    await login(t.app, own.host, 'sales@demo.test');
  });
});
