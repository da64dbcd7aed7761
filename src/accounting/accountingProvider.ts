/**
 * The accounting screens' calls beyond the engine's CRUD (SPEC.md point 7, accounting): the
 * default tax rate, the syncs, and the sync-pending list. Merged into the app's data provider and
 * used through useAccountingProvider() with react-query.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { ItemChoice, SyncPendingRow, SyncResource, SyncStateWire } from '../../core/accounting/constants';
import type { XeroDashboard } from '../../core/accounting/dashboard';
import type { HttpClient } from '../dataProvider/httpClient';
import { refreshPreloaded } from '../preload/preloadStore';

export interface SyncPendingPage {
  rows: SyncPendingRow[];
  total: number;
}

/** GET xeroauth/checkstatus. */
export interface XeroStatus {
  connected: boolean;
  status: 'connected' | 'not_connected' | 'reconnect_needed';
  organisation: string | null;
  sandbox: boolean;
  message?: string | null;
  connectedBy?: string | null;
  connectedAt?: string | null;
  scopes?: string[];
  lastRefreshAt?: string | null;
  tokenHealth?: 'valid' | 'renews' | 'refused' | null;
  tokenExpiresAt?: string | null;
  lastSyncAt?: string | null;
  lastSyncResource?: SyncResource | null;
  lastSyncError?: string | null;
}

export interface XeroTenantChoice {
  tenantId: string;
  tenantName: string | null;
}

export interface AccountingProvider {
  xeroStatus(signal?: AbortSignal): Promise<XeroStatus>;
  xeroLoginUrl(): Promise<string>;
  /** Posts what Xero sent back; answers the organisations to choose from when there are several. */
  xeroConnect(code: string, state: string): Promise<XeroTenantChoice[]>;
  xeroChooseTenant(tenantId: string): Promise<void>;
  xeroLogout(): Promise<void>;
  taxRateDefault(id: number): Promise<void>;
  /** POST {resource}/sync: queues the pull and answers its state; rejects with the envelope's error (AUTHERROR while there is no connection). */
  accountingSync(resource: 'xerotaxrates' | 'xeroitems' | 'contacts', body?: { full?: boolean }): Promise<SyncStateWire | null>;
  /** GET xeroadmin/syncstate: every pulled resource's progress (polled while a sync runs). */
  accountingSyncState(signal?: AbortSignal): Promise<SyncStateWire[]>;
  syncPending(params: { page: number; perPage: number }, signal?: AbortSignal): Promise<SyncPendingPage>;
  syncPendingDelete(ids: number[]): Promise<number>;
  syncPendingRetry(id: number): Promise<void>;
  /** GET xeroadmin/dashboard (Developer). */
  xeroDashboard(signal?: AbortSignal): Promise<XeroDashboard>;
  /** GET xeroitems/choices: the visible items matching what was typed, for a sales row. */
  itemChoices(q: string, signal?: AbortSignal): Promise<ItemChoice[]>;
}

export function accountingProvider(client: HttpClient): AccountingProvider {
  return {
    async xeroStatus(signal) {
      const res = await client<XeroStatus>('xeroauth/checkstatus', { signal });
      return res?.data ?? { connected: false, status: 'not_connected', organisation: null, sandbox: false };
    },
    async xeroLoginUrl() {
      const res = await client<{ url: string }>('xeroauth/loginUrl');
      if (!res?.data?.url) throw new Error('no login URL');
      return res.data.url;
    },
    async xeroConnect(code, state) {
      const res = await client<{ tenants?: XeroTenantChoice[] }>('xeroauth/connect', { method: 'POST', body: { code, state } });
      return res?.data?.tenants ?? [];
    },
    async xeroChooseTenant(tenantId) {
      await client('xeroauth/tenant', { method: 'POST', body: { tenantId } });
    },
    async xeroLogout() {
      await client('xeroauth/logout');
    },
    async taxRateDefault(id) {
      await client(`xerotaxrates/${id}/default`, { method: 'POST', body: {}, resource: 'xerotaxrates' });
      // The rows' tax choice (globalparams) preselects the default.
      void refreshPreloaded('xerotaxrates');
    },
    async accountingSync(resource, body = {}) {
      const res = await client<SyncStateWire>(resource === 'contacts' ? 'contacts/xerosync' : `${resource}/sync`, { method: 'POST', body, resource });
      return res?.data ?? null;
    },
    async accountingSyncState(signal) {
      const res = await client<SyncStateWire[]>('xeroadmin/syncstate', { signal });
      return res?.data ?? [];
    },
    async syncPending({ page, perPage }, signal) {
      const res = await client<SyncPendingRow[]>('xeroadmin/syncpending/filter', {
        method: 'POST',
        body: {},
        query: { limit: perPage, pagenumber: page, sort: 'next_attempt_at', totalcount: 1 },
        signal,
      });
      return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
    },
    async syncPendingDelete(ids) {
      const res = await client<{ deleted: number }>('xeroadmin/syncpending/delete', { method: 'POST', body: { xsp_ids: ids } });
      return res?.data?.deleted ?? 0;
    },
    async syncPendingRetry(id) {
      await client(`xeroadmin/syncpending/${id}/retry`, { method: 'POST', body: {} });
    },
    async xeroDashboard(signal) {
      const res = await client<XeroDashboard>('xeroadmin/dashboard', { signal });
      if (!res?.data) throw new Error('no dashboard');
      return res.data;
    },
    async itemChoices(q, signal) {
      const res = await client<ItemChoice[]>('xeroitems/choices', { query: q ? { q } : {}, signal });
      return res?.data ?? [];
    },
  };
}

export const useAccountingProvider = () => useDataProvider<DataProvider & AccountingProvider>();
