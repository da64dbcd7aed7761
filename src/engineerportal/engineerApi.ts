/** The engineer portal's calls (SPEC.md point 7, engineer portal) through the one fetch wrapper. */
import { api } from '../dataProvider/apiClient';
import type { EngineerCosts, EngineerCostWrite, EngineerJobRow } from '../../core/jobs/costs/types';
import type { EngineerFlagName, EngineerJob, EngineerNotification, EngineerSite, EngineerSiteNote } from '../../core/engineerportal/types';

export const ENGINEER_PAGE_SIZE = 10;

export interface EngineerFilter {
  job_number?: string;
  jobsite_name?: string;
  job_status_ids?: string[];
}

const base = (jobId: number) => `engineerportal/${jobId}`;

export const engineerApi = {
  jobs: async (filter: EngineerFilter, page: number): Promise<{ rows: EngineerJobRow[]; total: number }> => {
    const res = await api<EngineerJobRow[]>('engineerportal/filter', {
      method: 'POST',
      body: filter,
      query: { limit: ENGINEER_PAGE_SIZE, pagenumber: page, totalcount: 1 },
    });
    return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
  },
  details: async (jobId: number) => (await api<EngineerJob>(`${base(jobId)}/details`))?.data ?? null,
  costs: async (jobId: number) => (await api<EngineerCosts>(`${base(jobId)}/costs`))?.data ?? null,
  saveCosts: async (jobId: number, rows: EngineerCostWrite[]) =>
    (await api<EngineerCosts>(`${base(jobId)}/costs`, { method: 'POST', body: { _bulk: rows } }))?.data ?? null,
  lockCosts: async (jobId: number) => (await api<EngineerCosts>(`${base(jobId)}/lockcosts`, { method: 'POST', body: {} }))?.data ?? null,
  saveCostDesc: async (jobId: number, costdesc: string) =>
    (await api<{ costdesc: string | null }>(`${base(jobId)}/costdesc`, { method: 'PATCH', body: { costdesc } }))?.data ?? null,
  setFlag: async (jobId: number, name: EngineerFlagName, value: boolean, note: string) =>
    (await api<EngineerJob>(`${base(jobId)}/${name}`, { method: 'POST', body: { [name === 'issue' ? 'job_has_issue' : 'job_has_remedial']: value, note } }))
      ?.data ?? null,
  notifications: async (page: number): Promise<{ rows: EngineerNotification[]; total: number }> => {
    const res = await api<EngineerNotification[]>('engineerportal/notifications', { query: { limit: ENGINEER_PAGE_SIZE, pagenumber: page, totalcount: 1 } });
    return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
  },
  removeNotification: async (notif_id: number) =>
    (await api<{ notif_id: number }>('engineerportal/removenotification', { method: 'POST', body: { notif_id } }))?.data ?? null,
  site: async (js_id: number) => (await api<EngineerSite>('engineerportal/jobsitedetails', { method: 'POST', body: { js_id } }))?.data ?? null,
  saveOtherNotes: async (js_id: number, js_other_notes: string) =>
    (await api<EngineerSite>('engineerportal/updateOtherNotes', { method: 'PATCH', query: { js_id }, body: { js_other_notes } }))?.data ?? null,
  siteNotes: async (js_id: number) => (await api<EngineerSiteNote[]>('engineerportal/jobsitenotes', { query: { js_id } }))?.data ?? [],
  addSiteNote: async (js_id: number, jsn_note: string) =>
    (await api<EngineerSiteNote>('engineerportal/jobsitenotes', { method: 'POST', query: { js_id }, body: { jsn_note } }))?.data ?? null,
  deleteSiteNote: async (js_id: number, jsn_id: number) =>
    (await api(`engineerportal/jobsitenotes/${jsn_id}`, { method: 'DELETE', query: { js_id } }))?.data ?? null,
  report: async (jobId: number, er_text: string, er_hours: string) =>
    (await api(`${base(jobId)}/reports`, { method: 'POST', body: { er_text, er_hours } }))?.data ?? null,
};
