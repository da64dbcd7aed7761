/** The Costs tab's calls (SPEC.md point 7: jobs/{id}/costs, engineerlockedstatus) and its pick lists. */
import { api } from '../../dataProvider/apiClient';
import type { CostWrite, JobCosts } from '../../../core/jobs/costs/types';

export interface PickOption {
  id: number;
  name: string;
}

export const costsApi = {
  load: async (jobId: number) => (await api<JobCosts>(`jobs/${jobId}/costs`))?.data ?? null,
  bulk: async (jobId: number, rows: CostWrite[]) => (await api<JobCosts>(`jobs/${jobId}/costs`, { method: 'POST', body: { _bulk: rows } }))?.data ?? null,
  setEngineerLock: async (jobId: number, usId: number, locked: boolean) =>
    (await api<JobCosts>(`jobs/${jobId}/engineerlockedstatus`, { method: 'POST', body: { us_id: usId, locked } }))?.data ?? null,
  /** Every SUPPLIER contact; quiet: a brand without the accounting feature falls back to the job's suppliers. */
  suppliers: async (): Promise<PickOption[]> => {
    const res = await api<{ co_id: number; co_name: string; co_company: string | null }[]>('contacts/suppliers', {
      method: 'POST',
      body: {},
      query: { limit: 500 },
      quiet: true,
    });
    return (res?.data ?? []).map((c) => ({ id: c.co_id, name: c.co_company || c.co_name }));
  },
  engineers: async (): Promise<PickOption[]> => {
    const res = await api<{ us_id: number; fullname: string | null }[]>('users/engineers', { quiet: true });
    return (res?.data ?? []).map((u) => ({ id: u.us_id, name: u.fullname ?? String(u.us_id) }));
  },
};
