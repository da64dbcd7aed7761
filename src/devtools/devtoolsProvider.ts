/**
 * The developer tools' reads (server/devtools): every brand's health and the server's error logs.
 * Merged into the app's data provider and used through useDevtoolsProvider() with react-query.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient } from '../dataProvider/httpClient';
import type { BrandHealth } from '../../core/devtools/dashboardTypes';

export interface ErrorEntry {
  id: string;
  created_at: string;
  brand_schema: string | null;
  method: string | null;
  url: string | null;
  message: string | null;
  stack: string | null;
  /** Times the fault happened (repeats share the row). */
  occurrences: number;
}

export interface ErrorLogQuery {
  /** Every brand's errors (Developer) instead of the asking brand's. */
  allBrands: boolean;
  stext: string | null;
  page: number;
  perPage: number;
}

export interface DevtoolsProvider {
  devDashboard(signal?: AbortSignal): Promise<BrandHealth[]>;
  /** Newest first, with the total for the pager. */
  errorLogs(query: ErrorLogQuery, signal?: AbortSignal): Promise<{ rows: ErrorEntry[]; total: number }>;
}

export function devtoolsProvider(client: HttpClient): DevtoolsProvider {
  return {
    devDashboard: async (signal) => (await client<BrandHealth[]>('dev/dashboard', { signal }))?.data ?? [],
    async errorLogs({ allBrands, stext, page, perPage }, signal) {
      const res = await client<ErrorEntry[]>(`dev/${allBrands ? 'errorlogs' : 'globalerrors'}/filter`, {
        method: 'POST',
        body: { stext },
        query: { limit: perPage, pagenumber: page, totalcount: 1 },
        signal,
      });
      return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
    },
  };
}

export const useDevtoolsProvider = () => useDataProvider<DataProvider & DevtoolsProvider>();
