/** The mail admin screens' calls (SPEC.md point 7: mailservers, mailincomingservers, mailaccounts, imapfolders) and wire types. */
import { api } from '../../dataProvider/apiClient';

export type ServerKindName = 'smtp' | 'imap';

/** The API group of each server kind (the servers themselves are resources of the engine). */
const SERVER_GROUPS = { smtp: 'mailservers', imap: 'mailincomingservers' } as const;

export type ServerRow = Record<string, unknown> & { has_password: boolean };

export interface AliasRow {
  mal_id?: number;
  mal_email: string;
  mal_name: string | null;
  mal_is_default: boolean;
}

export interface AccountUserRow {
  us_id: number;
  email?: string;
  fullname?: string | null;
  maxu_default: boolean;
  maxu_user_can_send: boolean;
  maxu_user_can_delete: boolean;
}

export interface ImapFolderRow {
  ifolder_id: number;
  ifolder_path: string;
  ifolder_name: string;
  ifolder_type: string;
  ifolder_sync_enabled: boolean;
  ifolder_syncfromdt: string | null;
  is_default_seen: boolean;
  ifolder_last_email_date: string | null;
  messages_on_server: number | null;
  messages_synced: number;
  sync_error: string | null;
  /** Mails the sync could not read or store (imapfolders/filter only; the change routes leave it out). */
  skipped?: { uid: number; reason: string; skipped_at: string }[];
}

export interface AccountFields {
  ma_name: string;
  ma_email: string;
  ma_color: string | null;
  ma_enabled: boolean;
  mis_id: number | null;
  mailserver_id: number | null;
}

export interface AccountRow extends AccountFields {
  mailaccount_id: number;
  sync_status: string;
  sync_error: string | null;
  last_sync_at: string | null;
  mis_name?: string | null;
  mailserver_name?: string | null;
  messages_synced?: number;
  messages_on_server?: number;
}

export interface AccountDetails extends AccountRow {
  aliases: AliasRow[];
  users: AccountUserRow[];
  imap_folders: ImapFolderRow[];
}

export interface StaffUser {
  us_id: number;
  fullname: string | null;
  email: string;
}

const data = <T>(res: { data: T } | undefined) => res?.data ?? null;

/** The servers a mail account may use (the select boxes of the account screen). */
export const serverApi = {
  list: async (kind: ServerKindName, stext: string | null) => {
    const group = SERVER_GROUPS[kind];
    return (
      (stext
        ? data(await api<ServerRow[]>(`${group}/filter`, { method: 'POST', body: { stext }, resource: group }))
        : data(await api<ServerRow[]>(`${group}/list`))) ?? []
    );
  },
};

export const accountApi = {
  list: async (stext: string | null) =>
    (stext
      ? data(await api<AccountRow[]>('mailaccounts/filter', { method: 'POST', body: { stext }, resource: 'mailaccounts' }))
      : data(await api<AccountRow[]>('mailaccounts/list'))) ?? [],
  details: async (id: number) => data(await api<AccountDetails>(`mailaccounts/${id}/details`)),
  save: async (id: number | null, body: Partial<AccountFields>) =>
    data(await api<AccountDetails>(id ? `mailaccounts/${id}` : 'mailaccounts/create', { method: id ? 'PATCH' : 'POST', body, resource: 'mailaccounts' })),
  remove: async (id: number) => !!(await api(`mailaccounts/${id}`, { method: 'DELETE' })),
  setEnabled: async (id: number, enabled: boolean) =>
    data(await api<{ ma_enabled: boolean }>(`mailaccounts/${id}/setEnabledStatus`, { method: 'PATCH', body: { enabled } })),
  sync: async (id: number) => data(await api<{ sync: string }>(`mailaccounts/${id}/sync`, { method: 'POST', body: {} })),
  assignUsers: async (id: number, rows: AccountUserRow[]) =>
    data(
      await api<AccountUserRow[]>(`mailaccounts/${id}/assignusers`, {
        method: 'POST',
        body: {
          _bulk: rows.map((r) => ({
            us_id: r.us_id,
            maxu_default: r.maxu_default,
            maxu_user_can_send: r.maxu_user_can_send,
            maxu_user_can_delete: r.maxu_user_can_delete,
          })),
        },
      }),
    ),
  updateAliases: async (id: number, rows: AliasRow[]) =>
    data(
      await api<AliasRow[]>(`mailaccounts/${id}/updatealiaslist`, {
        method: 'POST',
        body: { _bulk: rows.map((r) => ({ mal_email: r.mal_email, mal_name: r.mal_name, mal_is_default: r.mal_is_default })) },
      }),
    ),
  staff: async () => (data(await api<StaffUser[]>('users/bemworkers')) ?? []) as StaffUser[],
};

export const folderApi = {
  list: async (accountId: number) => data(await api<ImapFolderRow[]>('imapfolders/filter', { method: 'POST', body: { mailaccount_id: accountId } })) ?? [],
  setEnabled: async (id: number, enabled: boolean) =>
    data(await api<ImapFolderRow>(`imapfolders/${id}/setEnabledStatus`, { method: 'POST', body: { enabled } })),
  setSyncFrom: async (id: number, date: string | null) =>
    data(await api<ImapFolderRow>(`imapfolders/${id}/setSyncFromDate`, { method: 'POST', body: { date } })),
  setDefaultSeen: async (id: number, value: boolean) => data(await api<ImapFolderRow>(`imapfolders/${id}/setDefaultSeen`, { method: 'POST', body: { value } })),
  setType: async (id: number, type: string) => data(await api<ImapFolderRow>(`imapfolders/${id}`, { method: 'PATCH', body: { ifolder_type: type } })),
  clearErrors: async (id: number) => data(await api<ImapFolderRow>(`imapfolders/${id}/clearSyncErrorLogs`, { method: 'POST', body: {} })),
};
