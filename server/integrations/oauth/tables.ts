/** Row shapes of oauth_grants and oauth_pending (brand migration 0030) and the database the grant store needs. */
import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { ProviderName } from '../providerConfig';
import type { JobTables } from '../../jobs/tables';

type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type OwnerKind = 'brand' | 'user' | 'mailbox';
export type GrantStatus = 'active' | 'refused' | 'revoked';

export interface OAuthGrantsTable {
  og_id: Generated<number>;
  provider: ProviderName;
  owner_kind: OwnerKind;
  /** The user or mailbox id; 0 for the brand itself. */
  owner_id: number;
  /** The provider's id of what was connected: Xero tenantId, Google sub, Microsoft tid.oid. */
  external_id: string;
  email: string | null;
  display_name: string | null;
  picture_url: string | null;
  /** Space-separated, as OAuth writes them. */
  scopes: ColumnType<string, string | undefined, string>;
  refresh_token_enc: string | null;
  access_token_enc: string | null;
  expires_at: MaybeStamp;
  prev_refresh_token_enc: string | null;
  prev_valid_until: MaybeStamp;
  status: ColumnType<GrantStatus, GrantStatus | undefined, GrantStatus>;
  error_code: string | null;
  last_refresh_at: MaybeStamp;
  connected_by: number | null;
  connected_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OAuthPendingTable {
  state_hash: string;
  verifier_enc: string;
  us_id: number;
  provider: ProviderName;
  owner_kind: OwnerKind;
  owner_id: number;
  redirect_uri: string;
  scopes: string;
  return_to: string | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface OAuthTables extends JobTables {
  oauth_grants: OAuthGrantsTable;
  oauth_pending: OAuthPendingTable;
}

export type OAuthDb = Kysely<OAuthTables>;
export type GrantRow = Selectable<OAuthGrantsTable>;
