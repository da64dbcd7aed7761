/** The wire shapes of microsoftaccounts (SPEC points 3, 4 and 7). */

/** connected: the token works and no sync runs; syncing: queued or running; reconnect_needed: Microsoft refused the grant. */
export type MicrosoftAccountStatus = 'connected' | 'syncing' | 'reconnect_needed';

export interface MicrosoftAccountUser {
  us_id: number;
  name: string;
  email: string;
  can_send: boolean;
  can_delete: boolean;
}

export interface MicrosoftAccount {
  msa_id: number;
  msa_email: string;
  display_name: string | null;
  is_default: boolean;
  status: MicrosoftAccountStatus;
  /** Why a reconnect is needed (the token endpoint's code, e.g. invalid_grant), else null. */
  status_reason: string | null;
  /** 0–100 while syncing, else null. */
  sync_progress: number | null;
  last_sync_at: string | null;
  last_error: string | null;
  counts: { folders: number; total: number; unread: number };
  users: MicrosoftAccountUser[];
  /** Selected unless the user left it out (SPEC point 4). */
  microsoft_account_selected: boolean;
  connected_at: string | null;
}

export interface MicrosoftFolder {
  name: string;
  total: number;
  unread: number;
  synced_at: string | null;
  /** Why the folder's last sync failed (the rest of the mailbox went on), else null. */
  sync_error: string | null;
  sync_error_at: string | null;
}

export interface MicrosoftTokenHealth {
  /** active, refused (reconnect) or revoked. */
  grant_status: string;
  error_code: string | null;
  expires_at: string | null;
  last_refresh_at: string | null;
  scopes: string[];
}

export interface MicrosoftAccountDetails extends MicrosoftAccount {
  folders: MicrosoftFolder[];
  token: MicrosoftTokenHealth;
}

export interface MicrosoftAccountsStatus {
  sandbox: boolean;
  configured: boolean;
}
