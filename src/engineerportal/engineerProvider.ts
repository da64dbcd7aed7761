/**
 * The engineer portal's calls (SPEC.md point 7, engineer portal). Merged into the app's data
 * provider (src/App.tsx) and used through useEngineerProvider() with react-query; `signal` is the
 * query's, so leaving a screen cancels its request.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient, RequestOptions } from '../dataProvider/httpClient';
import type { EngineerCosts, EngineerCostWrite, EngineerJobRow } from '../../core/jobs/costs/types';
import type { JobDocumentRow } from '../../core/files/types';
import type { EngineerFlagName, EngineerJob, EngineerNotification, EngineerSite, EngineerSiteNote } from '../../core/engineerportal/types';

export const ENGINEER_PAGE_SIZE = 10;

export interface EngineerFilter {
  job_number?: string;
  jobsite_name?: string;
  job_status_ids?: string[];
}

export interface EngineerProvider {
  engineerJobs(filter: EngineerFilter, page: number, signal?: AbortSignal): Promise<{ rows: EngineerJobRow[]; total: number }>;
  engineerJob(jobId: number, signal?: AbortSignal): Promise<EngineerJob | null>;
  engineerCosts(jobId: number, signal?: AbortSignal): Promise<EngineerCosts | null>;
  engineerSaveCosts(jobId: number, rows: EngineerCostWrite[]): Promise<EngineerCosts | null>;
  engineerLockCosts(jobId: number): Promise<EngineerCosts | null>;
  engineerSaveCostDesc(jobId: number, costdesc: string): Promise<{ costdesc: string | null } | null>;
  engineerSetFlag(jobId: number, name: EngineerFlagName, value: boolean, note: string): Promise<EngineerJob | null>;
  engineerNotifications(page: number, signal?: AbortSignal): Promise<{ rows: EngineerNotification[]; total: number }>;
  engineerRemoveNotification(notifId: number): Promise<{ notif_id: number } | null>;
  engineerSite(jsId: number, signal?: AbortSignal): Promise<EngineerSite | null>;
  engineerSaveOtherNotes(jsId: number, otherNotes: string): Promise<EngineerSite | null>;
  engineerSiteNotes(jsId: number, signal?: AbortSignal): Promise<EngineerSiteNote[]>;
  engineerAddSiteNote(jsId: number, note: string): Promise<EngineerSiteNote | null>;
  engineerDeleteSiteNote(jsId: number, jsnId: number): Promise<unknown>;
  engineerReport(jobId: number, text: string, hours: string): Promise<unknown>;
  engineerGeneralDocs(jobId: number, signal?: AbortSignal): Promise<JobDocumentRow[]>;
  engineerInvoices(jobId: number, signal?: AbortSignal): Promise<JobDocumentRow[]>;
}

export function engineerProvider(client: HttpClient): EngineerProvider {
  const data = async <T>(path: string, options: RequestOptions = {}): Promise<T | null> => (await client<T>(path, options))?.data ?? null;
  const page = async <T>(path: string, options: RequestOptions) => {
    const res = await client<T[]>(path, options);
    return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
  };
  const base = (jobId: number) => `engineerportal/${jobId}`;
  const pageQuery = (n: number) => ({ limit: ENGINEER_PAGE_SIZE, pagenumber: n, totalcount: 1 });

  return {
    engineerJobs: (filter, n, signal) => page<EngineerJobRow>('engineerportal/filter', { method: 'POST', body: filter, query: pageQuery(n), signal }),
    engineerJob: (jobId, signal) => data<EngineerJob>(`${base(jobId)}/details`, { signal }),
    engineerCosts: (jobId, signal) => data<EngineerCosts>(`${base(jobId)}/costs`, { signal }),
    engineerSaveCosts: (jobId, rows) => data<EngineerCosts>(`${base(jobId)}/costs`, { method: 'POST', body: { _bulk: rows } }),
    engineerLockCosts: (jobId) => data<EngineerCosts>(`${base(jobId)}/lockcosts`, { method: 'POST', body: {} }),
    engineerSaveCostDesc: (jobId, costdesc) => data<{ costdesc: string | null }>(`${base(jobId)}/costdesc`, { method: 'PATCH', body: { costdesc } }),
    engineerSetFlag: (jobId, name, value, note) =>
      data<EngineerJob>(`${base(jobId)}/${name}`, { method: 'POST', body: { [name === 'issue' ? 'job_has_issue' : 'job_has_remedial']: value, note } }),
    engineerNotifications: (n, signal) => page<EngineerNotification>('engineerportal/notifications', { query: pageQuery(n), signal }),
    engineerRemoveNotification: (notif_id) => data<{ notif_id: number }>('engineerportal/removenotification', { method: 'POST', body: { notif_id } }),
    engineerSite: (js_id, signal) => data<EngineerSite>('engineerportal/jobsitedetails', { method: 'POST', body: { js_id }, signal }),
    engineerSaveOtherNotes: (js_id, js_other_notes) =>
      data<EngineerSite>('engineerportal/updateOtherNotes', { method: 'PATCH', query: { js_id }, body: { js_other_notes } }),
    engineerSiteNotes: async (js_id, signal) => (await data<EngineerSiteNote[]>('engineerportal/jobsitenotes', { query: { js_id }, signal })) ?? [],
    engineerAddSiteNote: (js_id, jsn_note) => data<EngineerSiteNote>('engineerportal/jobsitenotes', { method: 'POST', query: { js_id }, body: { jsn_note } }),
    engineerDeleteSiteNote: (js_id, jsn_id) => data(`engineerportal/jobsitenotes/${jsn_id}`, { method: 'DELETE', query: { js_id } }),
    engineerReport: (jobId, er_text, er_hours) => data(`${base(jobId)}/reports`, { method: 'POST', body: { er_text, er_hours } }),
    engineerGeneralDocs: async (jobId, signal) => (await data<JobDocumentRow[]>(`${base(jobId)}/getGeneralDocs`, { signal })) ?? [],
    engineerInvoices: async (jobId, signal) => (await data<JobDocumentRow[]>(`${base(jobId)}/invoices`, { signal })) ?? [],
  };
}

/** Every engineer-portal query starts with this, so a change can refresh what it touched. */
export const ENGINEER_KEY = 'engineerportal';

/** The app's data provider, typed with the engineer portal's methods. */
export const useEngineerProvider = () => useDataProvider<DataProvider & EngineerProvider>();
