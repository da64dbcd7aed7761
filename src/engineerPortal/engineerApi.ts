/** The engineer portal's calls (SPEC.md point 7, engineer portal) through the one fetch wrapper. */
import { api } from '../dataProvider/apiClient';
import type { EngineerCosts, EngineerCostWrite, EngineerJobDetails, EngineerJobRow } from '../jobs/costs/types';

export const ENGINEER_PAGE_SIZE = 10;

export interface EngineerFilter {
  job_number?: string;
  jobsite_name?: string;
  job_status_ids?: string[];
}

const base = (jobId: number) => `engineerportal/${jobId}`;

export const engineerApi = {
  jobs: async (filter: EngineerFilter, page: number): Promise<{ rows: EngineerJobRow[]; total: number }> => {
    const res = await api<EngineerJobRow[]>('engineerportal/filter', { method: 'POST', body: filter, query: { limit: ENGINEER_PAGE_SIZE, pagenumber: page, totalcount: 1 } });
    return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
  },
  details: async (jobId: number) => (await api<EngineerJobDetails>(`${base(jobId)}/details`))?.data ?? null,
  costs: async (jobId: number) => (await api<EngineerCosts>(`${base(jobId)}/costs`))?.data ?? null,
  saveCosts: async (jobId: number, rows: EngineerCostWrite[]) => (await api<EngineerCosts>(`${base(jobId)}/costs`, { method: 'POST', body: { _bulk: rows } }))?.data ?? null,
  lockCosts: async (jobId: number) => (await api<EngineerCosts>(`${base(jobId)}/lockcosts`, { method: 'POST', body: {} }))?.data ?? null,
  saveCostDesc: async (jobId: number, costdesc: string) => (await api<{ costdesc: string | null }>(`${base(jobId)}/costdesc`, { method: 'PATCH', body: { costdesc } }))?.data ?? null,
  report: async (jobId: number, er_text: string, er_hours: string) => (await api(`${base(jobId)}/reports`, { method: 'POST', body: { er_text, er_hours } }))?.data ?? null,
};
