/**
 * The engineer reports' calls (server/engineerreports), merged into the app's data provider and
 * used through useEngineerReportsProvider() with react-query.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient } from '../dataProvider/httpClient';
import { succeeded } from '../dataProvider/succeeded';

export interface EngineerReportRow {
  er_id: number;
  job_id: number;
  job_number: string | null;
  us_id: number;
  engineer_name: string | null;
  er_text: string;
  er_hours: string | null;
  created_at: string;
}

export interface EngineerReportsProvider {
  /** One page, newest first, with the total for the pager. */
  engineerReports(page: number, limit: number, signal?: AbortSignal): Promise<{ rows: EngineerReportRow[]; total: number }>;
  /** false when the server refused (its notice is shown). */
  removeEngineerReports(ids: number[]): Promise<boolean>;
}

const R = { resource: 'engineerreports' } as const;

export function engineerReportsProvider(client: HttpClient): EngineerReportsProvider {
  return {
    async engineerReports(page, limit, signal) {
      const res = await client<EngineerReportRow[]>('engineerreports/list', { ...R, query: { limit, pagenumber: page, totalcount: 1 }, signal });
      return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
    },
    // The endpoint takes the ids as one comma-separated string (SPEC.md); a refusal's notice is shown by the client.
    removeEngineerReports: (ids) => succeeded(client('engineerreports/removereports', { ...R, method: 'POST', body: { er_ids: ids.join(',') } })),
  };
}

export const useEngineerReportsProvider = () => useDataProvider<DataProvider & EngineerReportsProvider>();
