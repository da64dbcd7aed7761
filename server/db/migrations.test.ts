import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createBrand } from '../brand/create';
import { seedIfEmpty } from '../seed/seed';
import { migrateAll, migrateBrand } from './migrations/migrate';
import { globalDb, type RootDb } from './types';
import { testDb, uniqueName } from '../test/helpers';
import { RESOURCES } from '../../core/resources/definitions';
import { versionedTables } from '../lists/listTables';

let db: RootDb;

beforeAll(() => {
  db = testDb();
});
afterAll(async () => {
  await db.destroy();
});

describe('migrations and seed', () => {
  it("keeps each schema's migration table in that schema", async () => {
    const { rows } = await sql<{ table_schema: string }>`
      select table_schema from information_schema.tables where table_name = 'kysely_migration' order by table_schema`.execute(db);
    const schemas = rows.map((r) => r.table_schema);
    expect(schemas).toEqual(expect.arrayContaining(['global', 'site_1', 'site_2']));
    expect(schemas).not.toContain('public');
  });

  it('creates a brand with its own migrated schema, trigram indexes and domain', async () => {
    const domain = `${uniqueName('mig')}.test`;
    const brand = await createBrand(db, { name: 'Migrated', domain, config: {} });
    expect(brand.schema).toBe(`site_${brand.s_id}`);
    const { rows } = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where schemaname = ${brand.schema} and indexdef like '%gin_trgm_ops%'`.execute(db);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const site = await globalDb(db).selectFrom('sites').selectAll().where('s_id', '=', brand.s_id).executeTakeFirstOrThrow();
    expect(site.schema_name).toBe(brand.schema);
    const dom = await globalDb(db).selectFrom('domains').selectAll().where('d_id', '=', brand.d_id).executeTakeFirstOrThrow();
    expect(dom).toMatchObject({ d_name: domain, d_type: 'primary', d_enabled: true });
    // Running again changes nothing.
    await migrateBrand(db, brand.schema);
    expect(await migrateAll(db)).toContain(brand.schema);
  });

  it('runs at the next start the brand migrations a schema has not had', async () => {
    const brand = await createBrand(db, { name: 'Behind', domain: `${uniqueName('behind')}.test`, config: {} });
    // As if this brand had been created before migration 0026 existed.
    await sql`drop function ${sql.id(brand.schema, 'list_version_raise')} cascade`.execute(db);
    await sql`drop table ${sql.id(brand.schema, 'list_version')}`.execute(db);
    await sql`delete from ${sql.id(brand.schema, 'kysely_migration')} where name = '0026_list_version'`.execute(db);
    expect(await migrateAll(db)).toContain(brand.schema);
    const { rows } = await sql<{ version: string }>`select version from ${sql.id(brand.schema, 'list_version')}`.execute(db);
    expect(rows.map((r) => Number(r.version))).toEqual([0]);
    const { rows: triggers } = await sql<{ n: number }>`
      select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = ${brand.schema} and t.tgname like '%list_version%'`.execute(db);
    // A row trigger and a truncate trigger on every table a list follows.
    expect(triggers[0].n).toBe(2 * versionedTables().length);
  });

  it('upgrades a brand that has contacts linked to Xero through the contact-sync migration (they count as sent)', async () => {
    const brand = await createBrand(db, { name: 'Linked', domain: `${uniqueName('linked')}.test`, config: {} });
    const contacts = sql.id(brand.schema, 'contacts');
    // As if this brand had been created, and had contacts linked to Xero, before 0032 existed.
    await sql`drop index ${sql.id(brand.schema, 'contacts_xero_contact_id_idx')}`.execute(db);
    await sql`alter table ${contacts} drop column xero_hash, drop column xero_pushed_hash, drop column xero_error`.execute(db);
    await sql`alter table ${sql.id(brand.schema, 'xero_sync_state')} drop column phase, drop column pull_started_at, drop column notice`.execute(db);
    await sql`delete from ${sql.id(brand.schema, 'kysely_migration')} where name = '0032_contact_sync'`.execute(db);
    await sql`insert into ${contacts} (co_name, co_type, xero_contact_id) values ('Linked Ltd', 'CLIENT', 'a-xero-id'), ('Local Ltd', 'CLIENT', null)`.execute(
      db,
    );

    expect(await migrateAll(db)).toContain(brand.schema);
    const { rows } = await sql<{ co_name: string; sent: boolean }>`
      select co_name, xero_pushed_hash is not distinct from xero_hash as sent from ${contacts} order by co_name`.execute(db);
    expect(rows).toEqual([
      { co_name: 'Linked Ltd', sent: true },
      { co_name: 'Local Ltd', sent: false },
    ]);
  });

  it('gives each list with a search column an index of its default sort that also holds the search text', async () => {
    // A search walked in sort order (server/lists/knownTotals.ts) then reads the index alone (migration 0029).
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = 'site_1'`.execute(db);
    const searchable = RESOURCES.filter((r) => r.searchColumn);
    expect(searchable.length).toBeGreaterThanOrEqual(5);
    for (const r of searchable) {
      const sort = r.defaultSort.replace(/^-/, '');
      const on = `ON site_1.${r.table} USING btree (lower(${sort}), ${r.idField}) INCLUDE (${sort}, ${r.searchColumn})`;
      expect(
        rows.map((x) => x.indexdef).filter((d) => d.endsWith(on)),
        r.name,
      ).toHaveLength(1);
    }
  });

  it("keeps every listed resource's total and list version by trigger, its relations' link tables included", async () => {
    // A resource whose table had no trigger would answer stale totals (list_counts) or reuse a search's total after a
    // change (knownTotals.ts): the triggers follow the resource definitions (server/lists/listTables.ts).
    const { rows } = await sql<{ table: string; trigger: string }>`
      select c.relname as table, t.tgname as trigger from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = 'site_1' and not t.tgisinternal`.execute(db);
    const has = (table: string, trigger: string) => rows.some((r) => r.table === table && r.trigger === trigger);
    expect(RESOURCES.length).toBeGreaterThanOrEqual(6);
    for (const r of RESOURCES) {
      for (const trigger of [`${r.table}_count_insert`, `${r.table}_count_delete`, `${r.table}_list_version`, `${r.table}_list_version_truncate`]) {
        expect(has(r.table, trigger), `${r.name}: ${trigger}`).toBe(true);
      }
      for (const rel of r.relations ?? []) expect(has(rel.table, `${rel.table}_list_version`), `${r.name}.${rel.name}: ${rel.table}_list_version`).toBe(true);
    }
    // The job sheet's count reads the jobs and the link tables its filters test.
    for (const table of ['jobs', 'job_engineers', 'job_assigned_users']) expect(has(table, `${table}_list_version`), table).toBe(true);
  });

  it('gives a schema from before a list existed its triggers and its count at the next start, and then follows changes', async () => {
    const brand = await createBrand(db, { name: 'Before lists', domain: `${uniqueName('lists')}.test`, config: {} });
    const t = (name: string) => sql.id(brand.schema, name);
    const count = async () => {
      const { rows } = await sql<{ n: string }>`select n from ${t('list_counts')} where table_name = 'contacts'`.execute(db);
      return rows.map((r) => Number(r.n));
    };
    const contacts = async () => Number((await sql<{ n: string }>`select count(*) as n from ${t('contacts')}`.execute(db)).rows[0].n);
    // As if the contacts list and the sites' client links had come after this schema was made.
    await sql`drop trigger contacts_count_insert on ${t('contacts')}`.execute(db);
    await sql`drop trigger contacts_count_delete on ${t('contacts')}`.execute(db);
    await sql`drop trigger jobsite_clients_list_version on ${t('jobsite_clients')}`.execute(db);
    await sql`delete from ${t('list_counts')} where table_name = 'contacts'`.execute(db);
    await sql`insert into ${t('contacts')} (co_name, co_type) values ('Before lists one', 'CLIENT'), ('Before lists two', 'CLIENT')`.execute(db);

    expect(await migrateAll(db)).toContain(brand.schema);
    expect(await count()).toEqual([await contacts()]);
    await sql`insert into ${t('contacts')} (co_name, co_type) values ('After lists', 'CLIENT')`.execute(db);
    expect(await count()).toEqual([await contacts()]);
    const version = async () => Number((await sql<{ v: string }>`select version as v from ${t('list_version')}`.execute(db)).rows[0].v);
    const before = await version();
    const { rows: site } = await sql<{ js_id: number }>`insert into ${t('jobsites')} (js_address) values ('1 Lists Lane') returning js_id`.execute(db);
    const { rows: client } = await sql<{ co_id: number }>`select co_id from ${t('contacts')} where co_name = 'After lists'`.execute(db);
    const afterSite = await version();
    expect(afterSite).toBeGreaterThan(before);
    await sql`insert into ${t('jobsite_clients')} (js_id, co_id) values (${site[0].js_id}, ${client[0].co_id})`.execute(db);
    expect(await version()).toBeGreaterThan(afterSite);
  });

  it('refuses a second brand on the same domain and leaves nothing behind', async () => {
    const before = await globalDb(db)
      .selectFrom('sites')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    await expect(createBrand(db, { name: 'Clash', domain: 'localhost', config: {} })).rejects.toThrow();
    const after = await globalDb(db)
      .selectFrom('sites')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty(db)).toBe(false);
  });

  it('refuses to bind a non-brand schema', async () => {
    await expect(migrateBrand(db, 'global')).rejects.toThrow();
    await expect(migrateBrand(db, 'public')).rejects.toThrow();
  });
});
