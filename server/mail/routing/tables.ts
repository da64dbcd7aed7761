/** Row shape of `mail_routing` (brand migration 0044) and the mail database with it and the people's addresses typed. */
import type { ColumnType, Kysely } from 'kysely';
import type { RoutingParams, RoutingReason, RoutingSuggestion } from '../../../core/mail/routing/types';
import type { MailTables } from '../tables';

type JsonCol<T> = ColumnType<T, string | undefined, string>;

export interface MailRoutingTable {
  ma_id: ColumnType<number, number, number>;
  mr_reason: RoutingReason;
  mr_params: JsonCol<RoutingParams>;
  mr_suggestions: JsonCol<RoutingSuggestion[]>;
  /** null: the router decided. */
  mr_by_us_id: number | null;
  /** A person's decision: the sync never routes the mail again. */
  mr_manual: ColumnType<boolean, boolean | undefined, boolean>;
  mr_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RoutingTables extends Omit<MailTables, 'contacts' | 'propertymanagers' | 'jobsitecontacts'> {
  mail_routing: MailRoutingTable;
  contacts: MailTables['contacts'] & { co_email: string | null };
  propertymanagers: MailTables['propertymanagers'] & { pm_email: string | null };
  jobsitecontacts: MailTables['jobsitecontacts'] & { jsc_email: string | null };
}

export type RoutingDb = Kysely<RoutingTables>;

export const routingDb = (db: unknown) => db as RoutingDb;
