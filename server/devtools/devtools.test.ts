import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { globalDb } from '../db/types';
import { ACME_HOST, DEMO_HOST, call, createTestBrand, login, uniqueName, useTestApp } from '../test/helpers';

const t = useTestApp();
let dev: string;
let dbName: string;

beforeAll(async () => {
  dev = await login(t.app, DEMO_HOST, 'developer@demo.test');
  dbName = (await sql<{ d: string }>`select current_database() as d`.execute(t.db)).rows[0].d;
});

async function addFile(bf_sql: string, se_type = 'site_n') {
  const res = await call(t.app, { method: 'POST', url: '/api/dev/batchfiles/create', cookie: dev, body: { bf_name: uniqueName('file'), se_type, bf_sql } });
  expect(res.status).toBe(201);
  return res.json.dev.data.bf_id as number;
}

const run = (body: unknown) => call(t.app, { method: 'POST', url: '/api/dev/batchfiles/run', cookie: dev, body });
const tableExists = async (schema: string, table: string) =>
  (await sql<{ t: string | null }>`select to_regclass(${`${schema}.${table}`})::text as t`.execute(t.db)).rows[0].t !== null;

describe('SQL batches', () => {
  it('are for Developers only', async () => {
    const admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
    const res = await call(t.app, { url: '/api/dev/batchfiles/list', cookie: admin });
    expect(res.status).toBe(403);
    expect(res.json.dev.dbErrors[0].general).toBe('role');
  });

  it('dry-runs over two schemas: a result per schema, nothing kept, the run logged', async () => {
    const [a, b] = [await createTestBrand(t.db), await createTestBrand(t.db)];
    const file = await addFile('create table batch_probe (id int); insert into batch_probe values (1);');
    const res = await run({ fileIds: [file], se_type: 'site_n', selectedSchemasByDatabases: { [dbName]: [a.schema, b.schema] }, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.json.dev.warning).toBeNull();
    expect(res.json.dev.data).toMatchObject({ success: true, dryRun: true });
    expect(res.json.dev.data.results.map((r: { schema: string; ok: boolean; committed: boolean }) => [r.schema, r.ok, r.committed])).toEqual([
      [a.schema, true, false],
      [b.schema, true, false],
    ]);
    expect(await tableExists(a.schema, 'batch_probe')).toBe(false);
    const log = await call(t.app, { url: `/api/dev/sqlexecuted/${res.json.dev.data.se_id}/details`, cookie: dev });
    expect(log.json.dev.data).toMatchObject({
      executed_by: 'developer@demo.test',
      dry_run: true,
      success: true,
      schemas: [a.schema, b.schema],
      file_ids: [file],
    });
  });

  it('commits each schema on its own: one failing schema is reported and the others stay committed', async () => {
    const [a, b] = [await createTestBrand(t.db), await createTestBrand(t.db)];
    await sql`create table ${sql.id(a.schema, 'only_here')} (id int)`.execute(t.db);
    const file = await addFile('create table batch_marker (id int); insert into only_here values (1);');
    const res = await run({ fileIds: [file], se_type: 'site_n', selectedSchemasByDatabases: { [dbName]: [a.schema, b.schema] } });
    expect(res.status).toBe(200);
    expect(res.json.dev.warning).toBe('New SQL files to DB error!');
    const [ra, rb] = res.json.dev.data.results;
    expect(ra).toMatchObject({ schema: a.schema, ok: true, committed: true, error: null });
    expect(rb).toMatchObject({ schema: b.schema, ok: false, committed: false });
    expect(rb.error).toMatch(/only_here/);
    expect(await tableExists(a.schema, 'batch_marker')).toBe(true);
    expect(await tableExists(b.schema, 'batch_marker')).toBe(false);
    const found = await call(t.app, { method: 'POST', url: '/api/dev/sqlexecuted/filter?totalcount=1', cookie: dev, body: { stext: b.schema } });
    expect(found.json.dev.data[0]).toMatchObject({ success: false, dry_run: false });
  });

  it("refuses 'global' and 'site_n' together, and unknown schemas", async () => {
    const brand = await createTestBrand(t.db);
    const file = await addFile('select 1');
    const mixed = await run({ fileIds: [file], se_type: 'site_n', selectedSchemasByDatabases: { [dbName]: ['global', brand.schema] }, dryRun: true });
    expect(mixed.status).toBe(400);
    expect(mixed.json.dev.dbErrors.map((e: { primary: string }) => e.primary)).toContain("SQL file types 'global' and 'site_n' cannot be selected together.");
    const unknown = await run({ fileIds: [file], se_type: 'site_n', selectedSchemasByDatabases: { [dbName]: ['site_999999'] }, dryRun: true });
    expect(unknown.status).toBe(400);
  });
});

describe('error logs', () => {
  it('find a server error by the id the 500 answer showed; globalerrors only show the own brand', async () => {
    const demo = await globalDb(t.db).selectFrom('sites').select('schema_name').where('name', '=', 'Demo Maintenance').executeTakeFirstOrThrow();
    const acme = await globalDb(t.db).selectFrom('sites').select('schema_name').where('name', '=', 'Acme Repairs').executeTakeFirstOrThrow();
    const demoId = randomUUID();
    const acmeId = randomUUID();
    const tag = uniqueName('boom');
    await globalDb(t.db)
      .insertInto('error_logs')
      .values([
        { id: demoId, brand_schema: demo.schema_name, method: 'GET', url: `/api/x/${tag}`, message: 'boom demo', stack: 'stack', us_id: null },
        { id: acmeId, brand_schema: acme.schema_name, method: 'GET', url: `/api/y/${tag}`, message: 'boom acme', stack: 'stack', us_id: null },
      ])
      .execute();
    const all = await call(t.app, { method: 'POST', url: '/api/dev/errorlogs/filter', cookie: dev, body: { stext: acmeId } });
    expect(all.json.dev.data.map((e: { id: string }) => e.id)).toEqual([acmeId]);
    const admin = await login(t.app, DEMO_HOST, 'admin@demo.test');
    expect((await call(t.app, { url: `/api/dev/globalerrors/${demoId}/details`, cookie: admin })).json.dev.data.message).toBe('boom demo');
    expect((await call(t.app, { url: `/api/dev/globalerrors/${acmeId}/details`, cookie: admin })).status).toBe(404);
    expect((await call(t.app, { url: '/api/dev/errorlogs/list', cookie: admin })).status).toBe(403);
    const acmeDev = await login(t.app, ACME_HOST, 'developer@demo.test');
    const list = await call(t.app, { url: '/api/dev/globalerrors/list?totalcount=1', host: ACME_HOST, cookie: acmeDev });
    // Non-empty (Acme's error above is in it), so `every` has rows to hold for.
    expect(list.json.dev.data.length).toBeGreaterThan(0);
    expect(list.json.dev.data.every((e: { brand_schema: string }) => e.brand_schema === acme.schema_name)).toBe(true);
    // Both errors carry the tag; Acme's developer finds only Acme's.
    const tagged = await call(t.app, { method: 'POST', url: '/api/dev/globalerrors/filter', host: ACME_HOST, cookie: acmeDev, body: { stext: tag } });
    expect(tagged.json.dev.data.map((e: { id: string }) => e.id)).toEqual([acmeId]);
  });
});

describe('dashboard and configs', () => {
  it('shows each brand with its schema version and figures', async () => {
    const res = await call(t.app, { url: '/api/dev/dashboard', cookie: dev });
    expect(res.status).toBe(200);
    const demo = res.json.dev.data.find((b: { name: string }) => b.name === 'Demo Maintenance');
    expect(demo).toMatchObject({ domain: 'localhost', pendingMigrations: 0, queue: null, sync: null });
    expect(demo.schemaVersion).toMatch(/^\d{4}_/);
    expect(demo.sizeBytes).toBeGreaterThan(0);
    expect(demo.sessions).toBeGreaterThan(0);
  });

  it('changes one path live, and refuses a value that does not fit the schema', async () => {
    const brand = await createTestBrand(t.db);
    const ok = await call(t.app, { method: 'PATCH', url: `/api/dev/configs/${brand.s_id}`, cookie: dev, body: { path: 'features.job.xero', value: false } });
    expect(ok.status).toBe(200);
    expect((await call(t.app, { url: '/api/brandsiteconfig', host: brand.host })).json.brandsiteconfig.data[0].finalDomainConfig.features.job.xero).toBe(false);
    const bad = await call(t.app, { method: 'PATCH', url: `/api/dev/configs/${brand.s_id}`, cookie: dev, body: { path: 'features.job.xero', value: 'no' } });
    expect(bad.status).toBe(400);
    expect(bad.json.dev.dbErrors[0]).toMatchObject({ details: 'config.features.job.xero', primary: 'Invalid value' });
    const all = await call(t.app, { method: 'POST', url: '/api/configs/updateAll', cookie: dev, body: { path: 'maxUploadSizeMB', value: 'huge' } });
    expect(all.status).toBe(400);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/configs/updateAll',
          cookie: await login(t.app, DEMO_HOST, 'admin@demo.test'),
          body: { path: 'maxUploadSizeMB', value: 30 },
        })
      ).status,
    ).toBe(403);
  });
});
