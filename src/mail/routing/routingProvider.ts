/**
 * Mail routing's calls (issue 30): why a mail is filed, and the triage list. Merged into the app's
 * data provider and used through useRoutingProvider() with react-query.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { MailRouting, RoutingSuggestion } from '../../../core/mail/routing/types';
import type { MailAddress } from '../../../core/mail/client/types';
import type { HttpClient } from '../../dataProvider/httpClient';

export interface UnroutedMail {
  ma_id: number;
  mailaccount_id: number;
  mail_subject: string | null;
  mail_from: MailAddress | null;
  mail_date: string | null;
  suggestions: RoutingSuggestion[];
}

export interface RoutingProvider {
  mailRouting(id: number, signal?: AbortSignal): Promise<MailRouting | null>;
  /** The triage list of the given inboxes (all the user reads when none). */
  unroutedMails(page: number, limit: number, signal?: AbortSignal, accountIds?: number[]): Promise<{ rows: UnroutedMail[]; total: number }>;
  /** Files the mail to the job as the user's decision; false when the server refused (its notice is shown). */
  fileMail(maId: number, jobId: number): Promise<boolean>;
  /** Files several mails to one job at once (all or none); false when the server refused. */
  fileMails(maIds: number[], jobId: number): Promise<boolean>;
  /** How many mails wait in triage (the menu's count). */
  unroutedCount(signal?: AbortSignal): Promise<number>;
}

export function routingProvider(client: HttpClient): RoutingProvider {
  return {
    async mailRouting(id, signal) {
      return (await client<MailRouting>(`mails/${id}/routing`, { resource: 'mails', signal, quiet: true }))?.data ?? null;
    },
    async unroutedMails(page, limit, signal, accountIds) {
      const body = { limit, pagenumber: page, ...(accountIds?.length ? { mailaccount_ids: accountIds } : {}) };
      const res = await client<UnroutedMail[]>('mails/unrouted/filter', { resource: 'mails', method: 'POST', body, signal });
      return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
    },
    async fileMail(maId, jobId) {
      return !!(await client('mails/assignjob', { resource: 'mails', method: 'POST', body: { ma_id: maId, job_id: jobId } }));
    },
    async fileMails(maIds, jobId) {
      return !!(await client('mails/unrouted/file', { resource: 'mails', method: 'POST', body: { ma_ids: maIds, job_id: jobId } }));
    },
    async unroutedCount(signal) {
      // Quiet: the menu's count is read again on the next event; a miss is no reason for a notice.
      return (await client<{ count: number }>('mails/unrouted/count', { resource: 'mails', signal, quiet: true }))?.data?.count ?? 0;
    },
  };
}

export const useRoutingProvider = () => useDataProvider<DataProvider & RoutingProvider>();
/** react-query keys: a filing refreshes both (the menu's count is under UNROUTED_KEY too). */
export const routingKey = (id: number) => ['mailRouting', id] as const;
export const UNROUTED_KEY = ['mailsUnrouted'] as const;
