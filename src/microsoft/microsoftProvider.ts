/**
 * The Microsoft area's calls (SPEC.md point 7, microsoftaccounts): the brand's mailboxes, the
 * connect flow, disconnect, default, assign users, details, sync and the selection toggles. Merged
 * into the app's data provider and used through useMicrosoftProvider() with react-query.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { MicrosoftAccount, MicrosoftAccountDetails, MicrosoftAccountsStatus } from '../../core/microsoft/types';
import type { HttpClient } from '../dataProvider/httpClient';

export interface AssignedUser {
  us_id: number;
  can_send: boolean;
  can_delete: boolean;
}

export interface StaffUser {
  us_id: number;
  email: string;
  fullname: string | null;
  firstname: string | null;
  surname: string | null;
  role: string;
}

export interface MicrosoftProvider {
  microsoftAccounts(signal?: AbortSignal): Promise<MicrosoftAccount[]>;
  microsoftStatus(signal?: AbortSignal): Promise<MicrosoftAccountsStatus>;
  microsoftLoginUrl(): Promise<string>;
  /** Posts what Microsoft sent back; answers the connected mailbox. */
  microsoftConnect(code: string, state: string): Promise<MicrosoftAccount | null>;
  microsoftDisconnect(msaId: number): Promise<MicrosoftAccount[]>;
  microsoftDefault(msaId: number): Promise<MicrosoftAccount[]>;
  microsoftAssignUsers(msaId: number, rows: AssignedUser[]): Promise<MicrosoftAccount | null>;
  microsoftDetails(msaId: number, signal?: AbortSignal): Promise<MicrosoftAccountDetails | null>;
  microsoftSync(msaId: number): Promise<MicrosoftAccount | null>;
  /** Toggles one mailbox in or out of the selection, or (`'all'`) all of them (SPEC point 4). */
  microsoftToggle(target: number | 'all'): Promise<MicrosoftAccount[]>;
  /** The brand's users, for the assign dialog (admins only). */
  microsoftStaffUsers(signal?: AbortSignal): Promise<StaffUser[]>;
}

export const MICROSOFT_ACCOUNTS_KEY = ['microsoftaccounts', 'list'];
export const MICROSOFT_STATUS_KEY = ['microsoftaccounts', 'status'];
export const microsoftDetailsKey = (msaId: number) => ['microsoftaccounts', 'details', msaId];

export function microsoftProvider(client: HttpClient): MicrosoftProvider {
  const key = 'microsoftaccounts';
  return {
    async microsoftAccounts(signal) {
      return (await client<MicrosoftAccount[]>(`${key}/list`, { signal }))?.data ?? [];
    },
    async microsoftStatus(signal) {
      return (await client<MicrosoftAccountsStatus>(`${key}/status`, { signal }))?.data ?? { sandbox: false, configured: false };
    },
    async microsoftLoginUrl() {
      const url = (await client<{ url: string }>(`${key}/loginUrl`))?.data?.url;
      if (!url) throw new Error('no login URL');
      return url;
    },
    async microsoftConnect(code, state) {
      return (await client<MicrosoftAccount>(`${key}/connect`, { method: 'POST', body: { code, state } }))?.data ?? null;
    },
    async microsoftDisconnect(msaId) {
      return (await client<MicrosoftAccount[]>(`${key}/${msaId}`, { method: 'DELETE' }))?.data ?? [];
    },
    async microsoftDefault(msaId) {
      return (await client<MicrosoftAccount[]>(`${key}/${msaId}/default`, { method: 'POST', body: {} }))?.data ?? [];
    },
    async microsoftAssignUsers(msaId, rows) {
      return (await client<MicrosoftAccount>(`${key}/${msaId}/assignusers`, { method: 'POST', body: { _bulk: rows } }))?.data ?? null;
    },
    async microsoftDetails(msaId, signal) {
      return (await client<MicrosoftAccountDetails>(`${key}/${msaId}/details`, { signal }))?.data ?? null;
    },
    async microsoftSync(msaId) {
      return (await client<MicrosoftAccount>(`${key}/${msaId}/sync`, { method: 'POST', body: {} }))?.data ?? null;
    },
    async microsoftToggle(target) {
      const body = target === 'all' ? { all: true } : { msa_id: target };
      return (await client<MicrosoftAccount[]>(`${key}/selection`, { method: 'POST', body }))?.data ?? [];
    },
    async microsoftStaffUsers(signal) {
      return (await client<StaffUser[]>('users/filter', { method: 'POST', body: {}, query: { limit: '500', sort: 'email' }, signal }))?.data ?? [];
    },
  };
}

export const useMicrosoftProvider = () => useDataProvider<DataProvider & MicrosoftProvider>();
