/**
 * The brand's Microsoft mailboxes: each a grant (oauth_grants, provider 'microsoft', owner_kind
 * 'mailbox', owner 0: the brand) with microsoft_accounts beside it (brand migration 0040), the users
 * assigned to it with their rights, each user's stored disabled list, and the folders' counts the
 * mail sync writes. Admins see every mailbox; other staff only those assigned to them.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Generated, type Kysely } from 'kysely';
import { isAdminRole } from './roles';
import type { MicrosoftAccount, MicrosoftAccountDetails, MicrosoftAccountUser, MicrosoftFolder } from '../../core/microsoft/types';
import type { SessionUser } from '../auth/types';
import { providerClient, type BearerSource } from '../integrations/http/providerClient';
import { accessToken, OAuthRefusedError } from '../integrations/oauth/grants';
import type { OAuthDb, OAuthTables } from '../integrations/oauth/tables';
import type { MailDb } from '../mail/tables';
import { microsoftEndpoints } from '../integrations/providerConfig';

export interface MicrosoftAccountsTable {
  msa_id: Generated<number>;
  og_id: number;
  msa_email: string;
  display_name: string | null;
  is_default: Generated<boolean>;
  sync_state: Generated<'idle' | 'queued' | 'syncing'>;
  sync_progress: number | null;
  last_sync_at: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
}

export interface MicrosoftAccountUsersTable {
  msa_id: number;
  us_id: number;
  can_send: Generated<boolean>;
  can_delete: Generated<boolean>;
}

export interface MicrosoftAccountFoldersTable {
  msa_id: number;
  folder_id: string;
  name: string;
  total: Generated<number>;
  unread: Generated<number>;
  synced_at: Date | null;
}

export interface MicrosoftTables extends OAuthTables {
  microsoft_accounts: MicrosoftAccountsTable;
  microsoft_account_users: MicrosoftAccountUsersTable;
  microsoft_account_disabled: { us_id: number; msa_id: number };
  microsoft_account_folders: MicrosoftAccountFoldersTable;
}

export type MicrosoftDb = Kysely<MicrosoftTables>;

// The brand database is typed without the integration tables (they belong to their own migrations).
export const microsoftDb = (req: FastifyRequest): MicrosoftDb => req.db as unknown as MicrosoftDb;
export const asOAuth = (db: MicrosoftDb): OAuthDb => db as unknown as OAuthDb;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const nameOf = (u: { fullname: string | null; firstname: string | null; surname: string | null; email: string }) =>
  u.fullname?.trim() || [u.firstname, u.surname].filter(Boolean).join(' ').trim() || u.email;

/** The mailboxes `user` may see (admins: all), oldest first; a disconnected one is gone. */
export async function listAccounts(db: MicrosoftDb, user: Pick<SessionUser, 'us_id' | 'role'>, only?: number): Promise<MicrosoftAccount[]> {
  let q = db
    .selectFrom('microsoft_accounts as a')
    .innerJoin('oauth_grants as g', 'g.og_id', 'a.og_id')
    .select([
      'a.msa_id',
      'a.msa_email',
      'a.display_name',
      'a.is_default',
      'a.sync_state',
      'a.sync_progress',
      'a.last_sync_at',
      'a.last_error',
      'g.status',
      'g.error_code',
      'g.connected_at',
    ])
    .select((eb) => [
      eb.exists(eb.selectFrom('microsoft_account_disabled as d').whereRef('d.msa_id', '=', 'a.msa_id').where('d.us_id', '=', user.us_id)).as('disabled'),
      eb
        .selectFrom('microsoft_account_folders as f')
        .whereRef('f.msa_id', '=', 'a.msa_id')
        .select((f) => f.fn.countAll<string>().as('n'))
        .as('folder_count'),
      eb
        .selectFrom('microsoft_account_folders as f')
        .whereRef('f.msa_id', '=', 'a.msa_id')
        .select(sql<string>`coalesce(sum(f.total), 0)`.as('t'))
        .as('total'),
      eb
        .selectFrom('microsoft_account_folders as f')
        .whereRef('f.msa_id', '=', 'a.msa_id')
        .select(sql<string>`coalesce(sum(f.unread), 0)`.as('u'))
        .as('unread'),
    ])
    .where('g.status', '!=', 'revoked')
    .orderBy('a.msa_id');
  if (!isAdminRole(user.role))
    q = q.where((eb) => eb.exists(eb.selectFrom('microsoft_account_users as mu').whereRef('mu.msa_id', '=', 'a.msa_id').where('mu.us_id', '=', user.us_id)));
  if (only !== undefined) q = q.where('a.msa_id', '=', only);
  const rows = await q.execute();
  const users = await usersOf(
    db,
    rows.map((r) => r.msa_id),
  );
  return rows.map((r) => ({
    msa_id: r.msa_id,
    msa_email: r.msa_email,
    display_name: r.display_name,
    is_default: r.is_default,
    status: r.status !== 'active' ? 'reconnect_needed' : r.sync_state === 'idle' ? 'connected' : 'syncing',
    status_reason: r.status !== 'active' ? (r.error_code ?? r.status) : null,
    sync_progress: r.status === 'active' && r.sync_state === 'syncing' ? (r.sync_progress ?? 0) : null,
    last_sync_at: iso(r.last_sync_at),
    last_error: r.last_error,
    counts: { folders: Number(r.folder_count ?? 0), total: Number(r.total ?? 0), unread: Number(r.unread ?? 0) },
    users: users.get(r.msa_id) ?? [],
    microsoft_account_selected: !r.disabled,
    connected_at: iso(r.connected_at),
  }));
}

async function usersOf(db: MicrosoftDb, ids: number[]): Promise<Map<number, MicrosoftAccountUser[]>> {
  const out = new Map<number, MicrosoftAccountUser[]>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('microsoft_account_users as mu')
    .innerJoin('users as u', 'u.us_id', 'mu.us_id')
    .select(['mu.msa_id', 'mu.us_id', 'mu.can_send', 'mu.can_delete', 'u.email', 'u.firstname', 'u.surname', 'u.fullname'])
    .where('mu.msa_id', 'in', ids)
    .orderBy('mu.us_id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.msa_id) ?? [];
    list.push({ us_id: r.us_id, name: nameOf(r), email: r.email, can_send: r.can_send, can_delete: r.can_delete });
    out.set(r.msa_id, list);
  }
  return out;
}

/**
 * The folders of the mailbox whose last sync failed, by Graph folder id, read live from the mail
 * engine's folders (the sync writes the error there and clears it on the folder's next good pass).
 */
async function folderErrors(db: MicrosoftDb, msaId: number): Promise<Map<string, { sync_error: string | null; sync_error_at: Date | null }>> {
  const rows = await (db as unknown as MailDb)
    .selectFrom('imapfolders as f')
    .innerJoin('mailaccounts as a', 'a.mailaccount_id', 'f.mailaccount_id')
    .select(['f.graph_folder_id', 'f.sync_error', 'f.sync_error_at'])
    .where('a.msa_id', '=', msaId)
    .where('a.ma_source', '=', 'graph')
    .where('f.is_gone', '=', false)
    .where('f.sync_error', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.graph_folder_id!, { sync_error: r.sync_error, sync_error_at: r.sync_error_at }]));
}

/** One mailbox with its folders and token health, or null when `user` may not see it. */
export async function accountDetails(db: MicrosoftDb, user: Pick<SessionUser, 'us_id' | 'role'>, msaId: number): Promise<MicrosoftAccountDetails | null> {
  const [account] = await listAccounts(db, user, msaId);
  if (!account) return null;
  const failed = await folderErrors(db, msaId);
  const folders: MicrosoftFolder[] = (
    await db
      .selectFrom('microsoft_account_folders')
      .select(['folder_id', 'name', 'total', 'unread', 'synced_at'])
      .where('msa_id', '=', msaId)
      .orderBy('name')
      .execute()
  ).map((f) => {
    const error = failed.get(f.folder_id);
    return {
      name: f.name,
      total: f.total,
      unread: f.unread,
      synced_at: iso(f.synced_at),
      sync_error: error?.sync_error ?? null,
      sync_error_at: iso(error?.sync_error_at ?? null),
    };
  });
  const grant = await db
    .selectFrom('microsoft_accounts as a')
    .innerJoin('oauth_grants as g', 'g.og_id', 'a.og_id')
    .select(['g.status', 'g.error_code', 'g.expires_at', 'g.last_refresh_at', 'g.scopes'])
    .where('a.msa_id', '=', msaId)
    .executeTakeFirstOrThrow();
  return {
    ...account,
    folders,
    token: {
      grant_status: grant.status,
      error_code: grant.error_code,
      expires_at: iso(grant.expires_at),
      last_refresh_at: iso(grant.last_refresh_at),
      scopes: grant.scopes.split(' ').filter(Boolean),
    },
  };
}

/** The grant behind a mailbox, or null when there is no such mailbox. */
export async function grantOf(db: MicrosoftDb, msaId: number): Promise<number | null> {
  const row = await db.selectFrom('microsoft_accounts').select('og_id').where('msa_id', '=', msaId).executeTakeFirst();
  return row?.og_id ?? null;
}

/**
 * A usable Graph access token for mailbox `msaId` (for the mail sync and transport): the stored one
 * while it lasts, else renewed once under the grant's row lock with Microsoft's rotated refresh
 * token saved. When Microsoft refuses the grant (invalid_grant: revoked, expired, password
 * changed) the grant turns `refused`, the mailbox shows "needs reconnect" with the reason, and
 * this throws OAuthRefusedError at once on every later call until an admin reconnects it.
 */
export async function microsoftAccessToken(db: Kysely<unknown> | MicrosoftDb, msaId: number, clock: () => number = Date.now): Promise<string> {
  const mdb = db as MicrosoftDb;
  const ogId = await grantOf(mdb, msaId);
  if (ogId === null) throw new Error(`Microsoft mailbox ${msaId} is not connected`);
  try {
    return await accessToken(asOAuth(mdb), ogId, clock);
  } catch (error) {
    if (error instanceof OAuthRefusedError) {
      await mdb
        .updateTable('microsoft_accounts')
        .set({ last_error: `Microsoft refused the connection (${error.code ?? 'refused'})`, sync_state: 'idle', sync_progress: null })
        .where('msa_id', '=', msaId)
        .execute();
    }
    throw error;
  }
}

export interface GraphMe {
  id: string;
  mail: string | null;
  displayName: string | null;
  userPrincipalName: string;
}

/** Graph's `GET /me` for a fresh access token (the connect's identify step). */
export async function graphMe(token: string): Promise<GraphMe> {
  const bearer: BearerSource = { token: async () => token };
  const client = providerClient({ provider: 'microsoft', baseUrl: microsoftEndpoints().graphUrl, auth: bearer });
  const answer = await client.call<GraphMe>('GET', '/me');
  return answer.body;
}
