/**
 * Migrations per schema (Kysely migration modules, run by `run` below). Each schema keeps its own migration table, so a brand schema
 * records exactly which brand migrations it has, and a new brand runs the same list from the start.
 * Migrations are imported statically (not read from a folder) so they type-check and bundle.
 */
import { sql, type Migration } from 'kysely';
import * as global0001 from './global/0001_init';
import * as global0002 from './global/0002_brand_tools';
import * as global0003 from './global/0003_error_log_occurrences';
import * as global0004 from './global/0004_login_devices';
import * as global0005 from './global/0005_platform_accounts';
import * as global0006 from './global/0006_provider_budget';
import * as global0007 from './global/0007_provider_calls';
import * as brand0001 from './brand/0001_init';
import * as brand0002 from './brand/0002_reference_data';
import * as brand0003 from './brand/0003_users_admin';
import * as brand0004 from './brand/0004_account_mail';
import * as brand0005 from './brand/0005_department_search';
import * as brand0006 from './brand/0006_jobs';
import * as brand0007 from './brand/0007_jobs_search';
import * as brand0008 from './brand/0008_sales_costs';
import * as brand0010 from './brand/0010_files';
import * as brand0011 from './brand/0011_mail';
import * as brand0013 from './brand/0013_mail_client';
import * as brand0014 from './brand/0014_mail_compose';
import * as brand0016 from './brand/0016_jobs_events';
import * as brand0018 from './brand/0018_jobs_issue';
import * as brand0015 from './brand/0015_mail_attachments';
import * as brand0017 from './brand/0017_mail_search';
import * as brand0019 from './brand/0019_mail_oauth';
import * as brand0020 from './brand/0020_mail_storage';
import * as brand0021 from './brand/0021_jobs_sort_keys';
import * as brand0022 from './brand/0022_job_counts';
import * as brand0023 from './brand/0023_sort_indexes';
import * as brand0024 from './brand/0024_list_counts';
import * as brand0025 from './brand/0025_jobs_sort_indexes';
import * as brand0026 from './brand/0026_list_version';
import * as brand0027 from './brand/0027_session_ids';
import * as brand0028 from './brand/0028_mail_partial';
import * as brand0029 from './brand/0029_search_walk_indexes';
import * as brand0030 from './brand/0030_oauth_grants';
import * as brand0031 from './brand/0031_accounting';
import * as brand0032 from './brand/0032_contact_sync';
import * as brand0034 from './brand/0034_customer_portal';
import * as brand0035 from './brand/0035_google_accounts';
import * as brand0036 from './brand/0036_google_drive_changes';
import * as brand0037 from './brand/0037_push_batches';
import * as brand0038 from './brand/0038_google_tasks';
import * as brand0039 from './brand/0039_portal_links';
import * as brand0040 from './brand/0040_microsoft_accounts';
import * as brand0041 from './brand/0041_graph_mail';
import * as brand0042 from './brand/0042_engineer_uploads';
import * as brand0043 from './brand/0043_google_job_folders';
import * as brand0044 from './brand/0044_mail_routing';
import * as brand0045 from './brand/0045_mail_job_links';
import * as brand0046 from './brand/0046_live_events';
import * as brand0048 from './brand/0048_google_task_moves';
import * as brand0049 from './brand/0049_xero_item_prices';
import * as brand0053 from './brand/0053_mail_copies';
import * as brand0054 from './brand/0054_draft_job';
import * as brand0055 from './brand/0055_sync_lease';
import * as brand0058 from './brand/0058_routing_number_indexes';
import * as brand0059 from './brand/0059_mail_unread_index';
import * as brand0060 from './brand/0060_unhashed_mails_index';
import { GLOBAL_SCHEMA, globalDb, isBrandSchemaName, type RootDb } from '../types';
import { installListTriggers } from '../../lists/listTriggers';

type BrandMigration = { up: (db: RootDb, schema: string) => Promise<void> };

const GLOBAL_MIGRATIONS: Record<string, Migration> = {
  '0001_init': global0001,
  '0002_brand_tools': global0002,
  '0003_error_log_occurrences': global0003,
  '0004_login_devices': global0004,
  '0005_platform_accounts': global0005,
  '0006_provider_budget': global0006,
  '0007_provider_calls': global0007,
};

/** Add a brand migration here; every brand schema picks it up at the next start. */
const BRAND_MIGRATIONS: Record<string, BrandMigration> = {
  '0001_init': brand0001,
  '0002_reference_data': brand0002,
  '0003_users_admin': brand0003,
  '0004_account_mail': brand0004,
  '0005_department_search': brand0005,
  '0006_jobs': brand0006,
  '0007_jobs_search': brand0007,
  '0008_sales_costs': brand0008,
  '0010_files': brand0010,
  '0011_mail': brand0011,
  '0013_mail_client': brand0013,
  '0014_mail_compose': brand0014,
  '0016_jobs_events': brand0016,
  '0018_jobs_issue': brand0018,
  '0015_mail_attachments': brand0015,
  '0017_mail_search': brand0017,
  '0019_mail_oauth': brand0019,
  '0020_mail_storage': brand0020,
  '0021_jobs_sort_keys': brand0021,
  '0022_job_counts': brand0022,
  '0023_sort_indexes': brand0023,
  '0024_list_counts': brand0024,
  '0025_jobs_sort_indexes': brand0025,
  '0026_list_version': brand0026,
  '0027_session_ids': brand0027,
  '0028_mail_partial': brand0028,
  '0029_search_walk_indexes': brand0029,
  '0030_oauth_grants': brand0030,
  '0031_accounting': brand0031,
  '0032_contact_sync': brand0032,
  '0034_customer_portal': brand0034,
  '0035_google_accounts': brand0035,
  '0036_google_drive_changes': brand0036,
  '0037_push_batches': brand0037,
  '0038_google_tasks': brand0038,
  '0039_portal_links': brand0039,
  '0040_microsoft_accounts': brand0040,
  '0041_graph_mail': brand0041,
  '0042_engineer_uploads': brand0042,
  '0043_google_job_folders': brand0043,
  '0044_mail_routing': brand0044,
  '0045_mail_job_links': brand0045,
  '0046_live_events': brand0046,
  '0048_google_task_moves': brand0048,
  '0049_xero_item_prices': brand0049,
  '0053_mail_copies': brand0053,
  '0054_draft_job': brand0054,
  '0055_sync_lease': brand0055,
  '0058_routing_number_indexes': brand0058,
  '0059_mail_unread_index': brand0059,
  '0060_unhashed_mails_index': brand0060,
};

/** In order, for the developer dashboard's schema version. */
export const BRAND_MIGRATION_NAMES: readonly string[] = Object.keys(BRAND_MIGRATIONS).sort();

/**
 * Runs the migrations a schema has not had, in name order, in one transaction under an advisory
 * lock (processes starting together take turns), and records each in the schema's own
 * `kysely_migration` table (Kysely's layout, so schemas migrated before keep their history).
 * Kysely's Migrator did the same, but looked its two tables up by introspecting every table of the
 * database several times a run: with a few dozen brands a run cost over a second, growing with
 * each brand (docs/PERFORMANCE.md).
 */
async function run(db: RootDb, schema: string, migrations: Record<string, Migration>): Promise<void> {
  const table = sql.id(schema, 'kysely_migration');
  let current = '';
  try {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`migrate ${schema}`}))`.execute(trx);
      await sql`create schema if not exists ${sql.id(schema)}`.execute(trx);
      await sql`create table if not exists ${table} (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(trx);
      const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(trx);
      const done = new Set(rows.map((r) => r.name));
      const missing = [...done].filter((name) => !(name in migrations));
      if (missing.length) throw new Error(`it has run migrations this version does not know: ${missing.join(', ')}`);
      // Feature areas add brand migrations side by side, so a schema may have run a later-numbered one first.
      for (const name of Object.keys(migrations).sort()) {
        if (done.has(name)) continue;
        current = name;
        await migrations[name].up(trx);
        await sql`insert into ${table} (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(trx);
      }
    });
  } catch (error) {
    throw new Error(`Migration ${current} of schema ${schema} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export async function migrateGlobal(db: RootDb): Promise<void> {
  await run(db, GLOBAL_SCHEMA, GLOBAL_MIGRATIONS);
}

async function runBrandMigrations(db: RootDb, schema: string): Promise<void> {
  if (!isBrandSchemaName(schema)) throw new Error(`Not a brand schema name: ${schema}`);
  const bound: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(BRAND_MIGRATIONS)) bound[name] = { up: (d) => m.up(d, schema) };
  await run(db, schema, bound);
}

/** The brand migrations a schema has not had, then the list triggers it lacks (server/lists/listTriggers.ts). */
export async function migrateBrand(db: RootDb, schema: string): Promise<void> {
  await runBrandMigrations(db, schema);
  await installListTriggers(db, [schema]);
}

/**
 * The brand schemas among `schemas` that have run every brand migration, read in one statement:
 * a start (or a test) on a database of many brands then runs migrations only where there is work.
 */
async function upToDate(db: RootDb, schemas: string[]): Promise<Set<string>> {
  const { rows: tables } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relname = 'kysely_migration' and n.nspname = any(${schemas})`.execute(db);
  if (!tables.length) return new Set();
  const counts = sql.join(
    tables.map(
      (t) =>
        sql`select ${t.schema}::text as schema, count(*)::int as n from ${sql.id(t.schema, 'kysely_migration')} where name = any(${BRAND_MIGRATION_NAMES})`,
    ),
    sql` union all `,
  );
  const { rows } = await sql<{ schema: string; n: number }>`${counts}`.execute(db);
  return new Set(rows.filter((r) => r.n === BRAND_MIGRATION_NAMES.length).map((r) => r.schema));
}

/**
 * `global` first (it lists the brands), then every brand schema that has a migration to run, then
 * the list triggers any brand schema lacks (one catalog query when none does).
 */
export async function migrateAll(db: RootDb): Promise<string[]> {
  await migrateGlobal(db);
  const sites = await globalDb(db).selectFrom('sites').select('schema_name').where('schema_name', 'is not', null).orderBy('s_id').execute();
  const schemas = sites.map((s) => s.schema_name).filter((s): s is string => !!s && isBrandSchemaName(s));
  const current = await upToDate(db, schemas);
  for (const schema of schemas) if (!current.has(schema)) await runBrandMigrations(db, schema);
  await installListTriggers(db, schemas);
  return schemas;
}
