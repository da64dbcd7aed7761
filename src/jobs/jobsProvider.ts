/**
 * The job screens' calls beyond plain CRUD (SPEC.md point 7, jobs group): the sheet, the item and
 * its tabs (details, history, issue flag, schedule, sales, costs) and their pick lists. Merged into
 * the app's data provider (src/App.tsx) and used through useDataProvider<JobsProvider>() with
 * react-query; `signal` is the query's, so leaving a screen cancels its request.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient, RequestOptions } from '../dataProvider/httpClient';
import type { JobCalendarRow, JobDetails, JobHistoryRow, JobListRow, JobWrite } from '../../core/jobs/types';
import type { JobSales, SalesSection, SalesSectionWrite } from '../../core/jobs/sales/types';
import type { CostWrite, JobCosts } from '../../core/jobs/costs/types';
import type { Option } from './sheet/options';
import type { InvoiceType } from '../../core/enums';
import { fileNameOf } from './sheet/exportJobs';
import type { HomeFigures } from '../../core/jobs/home/figures';
import type { BulkAnswer, BulkBody } from '../../core/jobs/home/bulk';

export type Row = Record<string, unknown>;

export interface JobPage {
  rows: JobListRow[];
  total: number;
}

/** The answer of generatexeroinvoice. */
export interface XeroSendAnswer {
  status: 'done' | 'queued';
  xsp_id: number;
  message: string;
  section: SalesSection;
  sales: JobSales;
}

/** A downloaded sales PDF and the name the server gave it. */
export interface SalesPdf {
  blob: Blob;
  fileName: string;
}

export interface JobsProvider {
  jobSheet(params: { filter: Row; sort: string | undefined; page: number; perPage: number }, signal?: AbortSignal): Promise<JobPage>;
  jobDetails(jobId: number, signal?: AbortSignal): Promise<JobDetails | null>;
  /** GET jobs/home: the office home page's figures. */
  jobHome(signal?: AbortSignal): Promise<HomeFigures | null>;
  /** POST jobs/bulk: one change on the selected jobs; answers which changed and which were refused. */
  jobBulk(body: BulkBody): Promise<BulkAnswer | null>;
  /** successText: the notice on success (names the job instead of the generic "Element updated"). */
  jobCreate(body: JobWrite, successText?: string): Promise<JobDetails | null>;
  jobUpdate(jobId: number, body: Partial<JobWrite>, successText?: string): Promise<void>;
  jobCopy(jobId: number): Promise<JobDetails | null>;
  jobDelete(jobId: number): Promise<void>;
  jobHistory(jobId: number, signal?: AbortSignal): Promise<JobHistoryRow[]>;
  jobSetIssue(jobId: number, hasIssue: boolean): Promise<JobDetails | null>;
  jobCalendar(params: { deId: number | null; from: string | null; to: string | null }): Promise<JobCalendarRow[]>;
  /** A pick list: POST {path} with a filter body, quietly (a refused list is an empty picker). */
  /** The contacts linked to a site, named (jobsites/{id}/details, then jobsitecontacts/filter by ids). */
  jobSiteContacts(jsId: number, signal?: AbortSignal): Promise<Option[]>;

  jobSales(jobId: number, signal?: AbortSignal): Promise<JobSales | null>;
  jobSalesCreate(jobId: number, body: SalesSectionWrite): Promise<JobSales | null>;
  jobSalesUpdate(jobId: number, jssId: number, body: SalesSectionWrite): Promise<JobSales | null>;
  jobSalesDelete(jobId: number, jssId: number): Promise<JobSales | null>;
  /** Quiet: the tab shows the spec's own success and failure texts for this call. */
  jobSalesDuplicate(jobId: number, jssId: number): Promise<JobSales | null>;
  jobSalesReorderSections(jobId: number, order: number[]): Promise<JobSales | null>;
  jobSalesReorderItems(jobId: number, jssId: number, order: number[]): Promise<JobSales | null>;
  /** POST jobs/{id}/generatexeroinvoice: the section sent to Xero as `type` (done), or queued while Xero is not answering. */
  jobSalesToXero(jobId: number, jssId: number, type: InvoiceType): Promise<XeroSendAnswer | null>;
  /** A section as a PDF (GET jobs/{id}/salessections/{jss_id}/pdf); no `type`: the section's own. */
  jobSalesPdf(jobId: number, jssId: number, type?: InvoiceType): Promise<SalesPdf | null>;
  /**
   * A new mail draft (from the user's default account, as the compose screen makes one) with `pdf`
   * attached; answers the draft's id. A draft whose attachment fails is deleted again, so a failed
   * click leaves nothing behind.
   */
  salesPdfDraft(pdf: SalesPdf, subject: string): Promise<number | null>;

  jobCosts(jobId: number, signal?: AbortSignal): Promise<JobCosts | null>;
  jobCostsBulk(jobId: number, rows: CostWrite[]): Promise<JobCosts | null>;
  jobEngineerLock(jobId: number, usId: number, locked: boolean): Promise<JobCosts | null>;
  /** Every SUPPLIER contact; quiet: a brand without the accounting feature falls back to the job's suppliers. */
  costEngineers(signal?: AbortSignal): Promise<Option[]>;
}

export function jobsProvider(client: HttpClient): JobsProvider {
  const data = async <T>(path: string, options: RequestOptions = {}): Promise<T | null> => (await client<T>(path, options))?.data ?? null;
  const jobs = (jobId: number) => `jobs/${jobId}`;

  return {
    async jobSheet({ filter, sort, page, perPage }, signal) {
      const res = await client<JobListRow[]>('jobs/filter', {
        method: 'POST',
        body: filter,
        query: { limit: perPage, pagenumber: page, sort, totalcount: 1 },
        signal,
        resource: 'jobs',
      });
      return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
    },
    jobDetails: (jobId, signal) => data<JobDetails>(`${jobs(jobId)}/details`, { signal, resource: 'jobs' }),
    jobHome: (signal) => data<HomeFigures>('jobs/home', { signal, quiet: true }),
    jobBulk: (body) => data<BulkAnswer>('jobs/bulk', { method: 'POST', body }),
    jobCreate: (body, successText) => data<JobDetails>('jobs/create', { method: 'POST', body, resource: 'jobs', successText }),
    async jobUpdate(jobId, body, successText) {
      await client(jobs(jobId), { method: 'PATCH', body, resource: 'jobs', successText });
    },
    jobCopy: (jobId) => data<JobDetails>(`${jobs(jobId)}/copy`, { method: 'POST', body: {}, resource: 'jobs' }),
    async jobDelete(jobId) {
      await client(jobs(jobId), { method: 'DELETE', resource: 'jobs' });
    },
    jobHistory: async (jobId, signal) => (await data<JobHistoryRow[]>(`${jobs(jobId)}/history`, { signal, quiet: true })) ?? [],
    jobSetIssue: (jobId, hasIssue) => data<JobDetails>(`${jobs(jobId)}/issue`, { method: 'POST', body: { job_has_issue: hasIssue }, resource: 'jobs' }),
    jobCalendar: async ({ deId, from, to }) => (await data<JobCalendarRow[]>('jobs/calendar', { query: { de_id: deId, from, to }, quiet: true })) ?? [],
    async jobSiteContacts(jsId, signal) {
      const site = await data<{ sitecontacts?: { jsc_id: number }[] }>(`jobsites/${jsId}/details`, { quiet: true, signal });
      const ids = (site?.sitecontacts ?? []).map((c) => c.jsc_id);
      if (!ids.length) return [];
      const named = await data<{ jsc_id: number; jsc_name: string }[]>('jobsitecontacts/filter', {
        method: 'POST',
        body: { ids },
        query: { limit: 500, sort: 'jsc_name' },
        quiet: true,
        signal,
      });
      return (named ?? []).map((r) => ({ id: r.jsc_id, name: r.jsc_name }));
    },

    jobSales: (jobId, signal) => data<JobSales>(`${jobs(jobId)}/sales`, { signal }),
    jobSalesCreate: (jobId, body) => data<JobSales>(`${jobs(jobId)}/sales`, { method: 'POST', body }),
    jobSalesUpdate: (jobId, jssId, body) => data<JobSales>(`${jobs(jobId)}/sales/${jssId}`, { method: 'PATCH', body }),
    jobSalesDelete: (jobId, jssId) => data<JobSales>(`${jobs(jobId)}/sales/${jssId}`, { method: 'DELETE' }),
    jobSalesDuplicate: (jobId, jssId) => data<JobSales>(`${jobs(jobId)}/salessectionduplicate`, { method: 'POST', body: { jss_id: jssId }, quiet: true }),
    jobSalesReorderSections: (jobId, order) => data<JobSales>(`${jobs(jobId)}/salessections`, { method: 'PATCH', body: { order } }),
    jobSalesReorderItems: (jobId, jssId, order) => data<JobSales>(`${jobs(jobId)}/salessectionitems`, { method: 'PATCH', body: { jss_id: jssId, order } }),
    jobSalesToXero: (jobId, jssId, type) => data<XeroSendAnswer>(`${jobs(jobId)}/generatexeroinvoice`, { method: 'POST', body: { jss_id: jssId, type } }),
    async jobSalesPdf(jobId, jssId, type) {
      const res = await client<Blob>(`${jobs(jobId)}/salessections/${jssId}/pdf`, { query: { type }, responseType: 'blob' });
      return res ? { blob: res.data, fileName: fileNameOf(res.headers.get('Content-Disposition'), `sales-${jssId}.pdf`) } : null;
    },
    async salesPdfDraft(pdf, subject) {
      const draft = await data<{ mdraft_id: number }>('maildrafts/create', { method: 'POST', body: { mdraft_subject: subject } });
      if (!draft) return null;
      const form = new FormData();
      form.append('file', new File([pdf.blob], pdf.fileName, { type: 'application/pdf' }));
      try {
        await client(`maildrafts/${draft.mdraft_id}/attachments`, { method: 'POST', body: form });
      } catch (err) {
        await client(`maildrafts/${draft.mdraft_id}`, { method: 'DELETE', quiet: true }).catch(() => undefined);
        throw err;
      }
      return draft.mdraft_id;
    },

    jobCosts: (jobId, signal) => data<JobCosts>(`${jobs(jobId)}/costs`, { signal }),
    jobCostsBulk: (jobId, rows) => data<JobCosts>(`${jobs(jobId)}/costs`, { method: 'POST', body: { _bulk: rows } }),
    jobEngineerLock: (jobId, usId, locked) => data<JobCosts>(`${jobs(jobId)}/engineerlockedstatus`, { method: 'POST', body: { us_id: usId, locked } }),
    async costEngineers(signal) {
      const rows = await data<{ us_id: number; fullname: string | null }[]>('users/engineers', { quiet: true, signal });
      return (rows ?? []).map((u) => ({ id: u.us_id, name: u.fullname ?? String(u.us_id) }));
    },
  };
}

/** Query keys: everything of one job starts with jobKey, so one invalidation refreshes the open tab. */
export const jobKey = (jobId: number | null) => ['jobs', jobId] as const;

/** The app's data provider, typed with the job screens' methods. */
export const useJobsProvider = () => useDataProvider<DataProvider & JobsProvider>();
