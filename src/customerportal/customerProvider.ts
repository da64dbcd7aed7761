/**
 * The customer portal's calls (SPEC.md point 7, customer portal; issue 24). Merged into the app's
 * data provider (src/dataProvider/appDataProvider.ts) and used through useCustomerProvider() with
 * react-query; `signal` is the query's, so leaving a screen cancels its request.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient, RequestOptions } from '../dataProvider/httpClient';
import {
  CUSTOMER_PAGE_SIZE,
  type CustomerJobDetails,
  type CustomerJobMail,
  type CustomerJobRow,
  type CustomerSentMessage,
  type CustomerSiteDetails,
  type CustomerSiteRow,
  type QuoteDecision,
} from '../../core/customerportal/types';
import type { JobDocumentRow } from '../../core/files/types';

export interface CustomerJobFilter {
  stext?: string;
}

export interface CustomerJobRequest {
  js_id: number;
  job_desc: string;
  job_details?: string;
  job_wopo?: string;
}

export interface CustomerJobTexts {
  job_desc?: string;
  job_details?: string;
  job_wopo?: string;
}

export interface CustomerContact {
  co_id: number;
  co_name: string;
}

export interface CustomerProvider {
  customerJobs(filter: CustomerJobFilter, page: number, signal?: AbortSignal): Promise<{ rows: CustomerJobRow[]; total: number }>;
  customerJob(jobId: number, signal?: AbortSignal): Promise<CustomerJobDetails | null>;
  customerRequestJob(body: CustomerJobRequest): Promise<CustomerJobDetails | null>;
  customerUpdateJob(jobId: number, body: CustomerJobTexts): Promise<CustomerJobDetails | null>;
  customerQuoteDecision(jobId: number, decision: QuoteDecision, name: string): Promise<CustomerJobDetails | null>;
  customerMessage(jobId: number, text: string): Promise<unknown>;
  customerSentMessages(jobId: number, signal?: AbortSignal): Promise<CustomerSentMessage[]>;
  customerDocuments(jobId: number, signal?: AbortSignal): Promise<JobDocumentRow[]>;
  customerMails(jobId: number, signal?: AbortSignal): Promise<CustomerJobMail[]>;
  customerSites(signal?: AbortSignal): Promise<CustomerSiteRow[]>;
  customerSite(jsId: number, signal?: AbortSignal): Promise<CustomerSiteDetails | null>;
  customerCreateSite(body: { js_address: string; js_city?: string; js_postcode?: string; co_id: number }): Promise<CustomerSiteDetails | null>;
  customerAppendClient(jsId: number, coId: number): Promise<CustomerSiteDetails | null>;
  customerContacts(signal?: AbortSignal): Promise<CustomerContact[]>;
  customerManagers(signal?: AbortSignal): Promise<{ pm_id: number; pm_name: string }[]>;
}

export function customerProvider(client: HttpClient): CustomerProvider {
  const data = async <T>(path: string, options: RequestOptions = {}): Promise<T | null> => (await client<T>(path, options))?.data ?? null;
  const list = async <T>(path: string, options: RequestOptions = {}): Promise<T[]> => (await data<T[]>(path, options)) ?? [];
  const base = (jobId: number) => `customerportal/${jobId}`;
  return {
    customerJobs: async (filter, n, signal) => {
      const res = await client<CustomerJobRow[]>('customerportal/filter', {
        method: 'POST',
        body: filter,
        query: { limit: CUSTOMER_PAGE_SIZE, pagenumber: n, totalcount: 1 },
        signal,
      });
      return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
    },
    customerJob: (jobId, signal) => data<CustomerJobDetails>(`${base(jobId)}/details`, { signal }),
    customerRequestJob: (body) => data<CustomerJobDetails>('customerportal/insert', { method: 'POST', body }),
    // Only the texts are sent: a job saved by a customer never sends its status (SPEC.md point 4).
    customerUpdateJob: (jobId, body) => data<CustomerJobDetails>(`${base(jobId)}/update`, { method: 'PATCH', body }),
    customerQuoteDecision: (jobId, decision, name) => data<CustomerJobDetails>(`${base(jobId)}/quotedecision`, { method: 'POST', body: { decision, name } }),
    customerMessage: (jobId, text) => data(`${base(jobId)}/message`, { method: 'POST', body: { text } }),
    customerSentMessages: (jobId, signal) => list<CustomerSentMessage>(`${base(jobId)}/messages`, { signal }),
    customerDocuments: (jobId, signal) => list<JobDocumentRow>(`${base(jobId)}/documents/filter`, { method: 'POST', body: {}, query: { limit: 100 }, signal }),
    customerMails: (jobId, signal) => list<CustomerJobMail>(`${base(jobId)}/mails`, { signal }),
    customerSites: (signal) => list<CustomerSiteRow>('customerportal/jobsites', { method: 'POST', body: {}, query: { limit: 500 }, signal }),
    customerSite: (js_id, signal) => data<CustomerSiteDetails>('customerportal/getJobSiteDetails', { method: 'POST', body: { js_id }, signal }),
    customerCreateSite: (body) => data<CustomerSiteDetails>('customerportal/createJobsite', { method: 'POST', body }),
    customerAppendClient: (js_id, co_id) => data<CustomerSiteDetails>('customerportal/appendClientToJobsite', { method: 'POST', body: { js_id, co_id } }),
    customerContacts: (signal) => list<CustomerContact>('customerportal/relatedContacts', { method: 'POST', body: {}, signal }),
    customerManagers: (signal) => list<{ pm_id: number; pm_name: string }>('customerportal/relatedPropertyManagers', { method: 'POST', body: {}, signal }),
  };
}

/** Every customer-portal query starts with this, so a change can refresh what it touched. */
export const CUSTOMER_KEY = 'customerportal';

export const useCustomerProvider = () => useDataProvider<DataProvider & CustomerProvider>();
