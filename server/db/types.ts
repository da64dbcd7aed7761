/**
 * Row shapes of the tables the server reads with the query builder. The `global` schema is shared
 * by every brand; each brand has its own schema (`site_<s_id>`) with the BrandTables.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string | T, string | T>;

export interface SitesTable {
  s_id: Generated<number>;
  name: string;
  db_name: string | null;
  product_name: string | null;
  logo_url: string | null;
  wcf_form_url: string | null;
  schema_name: string | null;
  description: string | null;
  config: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface DomainsTable {
  d_id: Generated<number>;
  s_id: number;
  d_type: 'primary' | 'alias';
  d_name: string;
  d_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  d_config: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface ErrorLogsTable {
  id: string;
  created_at: CreatedAt;
  brand_schema: string | null;
  method: string | null;
  url: string | null;
  message: string | null;
  stack: string | null;
  us_id: number | null;
  /** Times this fault happened; its row shows the latest. */
  occurrences: Generated<number>;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  key: string;
  attempted_at: CreatedAt;
}

export interface LoginDevicesTable {
  token_hash: string;
  account: string;
  last_login_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface GlobalTables {
  login_devices: LoginDevicesTable;
  sites: SitesTable;
  domains: DomainsTable;
  error_logs: ErrorLogsTable;
  login_attempts: LoginAttemptsTable;
}

export interface UsersTable {
  us_id: Generated<number>;
  email: string;
  password_hash: string;
  role: string;
  firstname: string | null;
  surname: string | null;
  nickname: string | null;
  fullname: string | null;
  is_hidden: ColumnType<boolean, boolean | undefined, boolean>;
  settings: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface SessionsTable {
  token_hash: string;
  /** Public id (bigserial, so a string): the settings page ends a session by it. */
  ses_id: Generated<string>;
  us_id: number;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ip: string | null;
  user_agent: string | null;
}

export interface DepartmentsTable {
  de_id: Generated<number>;
  de_name: string;
  de_prefix: string;
  de_description: string | null;
  de_color: string | null;
  de_is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface BrandTables {
  users: UsersTable;
  sessions: SessionsTable;
  departments: DepartmentsTable;
}

/** The pool-wide instance: it names schemas explicitly (see globalDb / brandDb). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RootDb = Kysely<any>;
export type GlobalDb = Kysely<GlobalTables>;
export type BrandDb = Kysely<BrandTables>;

export const GLOBAL_SCHEMA = 'global';
const BRAND_SCHEMA_RE = /^site_[1-9][0-9]*$/;

export function brandSchemaName(sId: number): string {
  return `site_${sId}`;
}

export function isBrandSchemaName(name: string): boolean {
  return BRAND_SCHEMA_RE.test(name);
}

export function globalDb(root: RootDb): GlobalDb {
  return root.withSchema(GLOBAL_SCHEMA) as GlobalDb;
}

// Kysely instances are immutable, so one bound instance per schema serves every request; the
// reverse map lets query caches tell which schema an instance's SQL names.
const bound = new WeakMap<RootDb, Map<string, BrandDb>>();
const schemaOfBound = new WeakMap<object, string>();
const rootOf = new WeakMap<object, RootDb>();

/** The pool-wide instance a brandDb() instance was bound from. */
export function rootOfBound(db: object): RootDb | null {
  return rootOf.get(db) ?? null;
}

/**
 * The only way to get a brand-bound instance: the name is checked so that a bad value from the
 * database can never point a request at `global`, `public` or another system schema.
 */
export function brandDb(root: RootDb, schema: string): BrandDb {
  if (!isBrandSchemaName(schema)) throw new Error(`Refusing to bind to schema '${schema}'`);
  let perRoot = bound.get(root);
  if (!perRoot) bound.set(root, (perRoot = new Map()));
  let db = perRoot.get(schema);
  if (!db) {
    db = root.withSchema(schema) as BrandDb;
    perRoot.set(schema, db);
    schemaOfBound.set(db, schema);
    rootOf.set(db, root);
  }
  return db;
}

/** The schema a brandDb() instance is bound to; null for transactions and other instances. */
export function brandSchemaOf(db: object): string | null {
  return schemaOfBound.get(db) ?? null;
}
