/** The Sales tab's calls (SPEC.md point 7, jobs sales group) through the one fetch wrapper. */
import { api } from '../../dataProvider/apiClient';
import type { JobSales, SalesSectionWrite } from '../../../core/jobs/sales/types';

const base = (jobId: number) => `jobs/${jobId}`;

async function data(p: ReturnType<typeof api<JobSales>>): Promise<JobSales | null> {
  return (await p)?.data ?? null;
}

export const salesApi = {
  load: (jobId: number) => data(api<JobSales>(`${base(jobId)}/sales`)),
  create: (jobId: number, body: SalesSectionWrite) => data(api<JobSales>(`${base(jobId)}/sales`, { method: 'POST', body })),
  update: (jobId: number, jssId: number, body: SalesSectionWrite) => data(api<JobSales>(`${base(jobId)}/sales/${jssId}`, { method: 'PATCH', body })),
  remove: (jobId: number, jssId: number) => data(api<JobSales>(`${base(jobId)}/sales/${jssId}`, { method: 'DELETE' })),
  /** quiet: the tab shows the spec's own success and failure texts for this call. */
  duplicate: (jobId: number, jssId: number) =>
    data(api<JobSales>(`${base(jobId)}/salessectionduplicate`, { method: 'POST', body: { jss_id: jssId }, quiet: true })),
  reorderSections: (jobId: number, order: number[]) => data(api<JobSales>(`${base(jobId)}/salessections`, { method: 'PATCH', body: { order } })),
  reorderItems: (jobId: number, jssId: number, order: number[]) =>
    data(api<JobSales>(`${base(jobId)}/salessectionitems`, { method: 'PATCH', body: { jss_id: jssId, order } })),
};
