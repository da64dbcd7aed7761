/** Row shapes of the tables of migration 0003 (user assignments and site configuration). */
import type { ColumnType, Kysely } from 'kysely';
import type { BrandDb, BrandTables } from '../db/types';

export interface UserDefaultOperatorsTable {
  us_id: number;
  operator_us_id: number;
}
export interface UserPropertyManagersTable {
  us_id: number;
  pm_id: number;
}
export interface UserClientContactsTable {
  us_id: number;
  co_id: number;
}
export interface SiteConfigTable {
  sc_key: string;
  sc_value: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AdminTables extends BrandTables {
  user_default_operators: UserDefaultOperatorsTable;
  user_property_managers: UserPropertyManagersTable;
  user_client_contacts: UserClientContactsTable;
  site_config: SiteConfigTable;
}

export type AdminDb = Kysely<AdminTables>;

/** The brand-bound instance with this area's tables typed; the schema binding is unchanged. */
export function adminDb(db: BrandDb | null): AdminDb {
  if (!db) throw new Error('No brand database on this request');
  return db as unknown as AdminDb;
}
