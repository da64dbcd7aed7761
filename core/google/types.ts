/** The wire shapes of googleaccounts (SPEC point 7). */

/** How a connected account stands: usable, or refused by Google (connect it again). */
export type GoogleAccountStatus = 'connected' | 'reconnect_needed';

export interface GoogleAccount {
  /** The account's id here (its grant). */
  ga_id: number;
  email: string | null;
  name: string | null;
  accountDetails: { picture: string | null; email: string | null; name: string | null };
  status: GoogleAccountStatus;
  scopes: string[];
  /** Selected unless the user left it out (SPEC point 4). */
  google_account_selected: boolean;
  connectedAt: string | null;
  lastSyncAt: string | null;
  lastError: string | null;
}

export interface GoogleAccountsStatus {
  /** The adapters talk to the local sandbox (providers/), not Google. */
  sandbox: boolean;
  /** Whether a Google client is configured at all (connecting is impossible otherwise). */
  configured: boolean;
  /** The Drive scope asked for: the full `drive` by default, `drive.file` when configured so. */
  driveScope: 'drive' | 'drive.file';
}
