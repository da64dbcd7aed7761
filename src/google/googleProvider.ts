/**
 * The Google area's calls (SPEC.md point 7, googleaccounts): the user's accounts, the connect
 * flow, disconnect and the selection toggles. Merged into the app's data provider and used
 * through useGoogleProvider() with react-query.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { GoogleAccount, GoogleAccountsStatus } from '../../core/google/types';
import type { HttpClient } from '../dataProvider/httpClient';

export interface GoogleProvider {
  googleAccounts(signal?: AbortSignal): Promise<GoogleAccount[]>;
  googleStatus(signal?: AbortSignal): Promise<GoogleAccountsStatus>;
  googleLoginUrl(): Promise<string>;
  /** Posts what Google sent back; answers the connected account. */
  googleConnect(code: string, state: string): Promise<GoogleAccount | null>;
  googleDisconnect(gaId: number): Promise<GoogleAccount[]>;
  /** Toggles one account in or out of the selection, or (`'all'`) all of them (SPEC point 4). */
  googleToggle(target: number | 'all'): Promise<GoogleAccount[]>;
}

export const GOOGLE_ACCOUNTS_KEY = ['googleaccounts', 'list'];
export const GOOGLE_STATUS_KEY = ['googleaccounts', 'status'];

export function googleProvider(client: HttpClient): GoogleProvider {
  const key = 'googleaccounts';
  return {
    async googleAccounts(signal) {
      return (await client<GoogleAccount[]>(`${key}/list`, { signal }))?.data ?? [];
    },
    async googleStatus(signal) {
      return (await client<GoogleAccountsStatus>(`${key}/status`, { signal }))?.data ?? { sandbox: false, configured: false, driveScope: 'drive' };
    },
    async googleLoginUrl() {
      const url = (await client<{ url: string }>(`${key}/loginUrl`))?.data?.url;
      if (!url) throw new Error('no login URL');
      return url;
    },
    async googleConnect(code, state) {
      return (await client<GoogleAccount>(`${key}/connect`, { method: 'POST', body: { code, state } }))?.data ?? null;
    },
    async googleDisconnect(gaId) {
      return (await client<GoogleAccount[]>(`${key}/${gaId}`, { method: 'DELETE' }))?.data ?? [];
    },
    async googleToggle(target) {
      const body = target === 'all' ? { all: true } : { ga_id: target };
      return (await client<GoogleAccount[]>(`${key}/selection`, { method: 'POST', body }))?.data ?? [];
    },
  };
}

export const useGoogleProvider = () => useDataProvider<DataProvider & GoogleProvider>();
