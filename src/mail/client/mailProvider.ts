/**
 * The mail client's calls (server/mail/client), merged into the app's data provider and used
 * through useMailProvider() with react-query: the list, the reading pane and their changes.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient } from '../../dataProvider/httpClient';
import type { MailFolder, MailTag } from '../settings/types';
import type { MailAccountInfo, MailAttachmentInfo, MailDetails, MailFlag, MailListFilter, MailListRow } from '../../../core/mail/client/types';

export interface MailPage {
  rows: MailListRow[];
  /** A full page means there may be more (no total is asked: counting 100,000 rows costs more than the page). */
  hasMore: boolean;
}

export interface MailProvider {
  mailAccounts(): Promise<MailAccountInfo[]>;
  mailList(filter: MailListFilter, page: number, limit: number, signal?: AbortSignal): Promise<MailPage>;
  mailDeleted(page: number, limit: number): Promise<{ rows: MailListRow[]; total: number }>;
  /** null when the answer holds no mail. */
  mailDetails(id: number, opts: { images: boolean; large: boolean }, signal?: AbortSignal): Promise<MailDetails | null>;
  mailAttachments(id: number, signal?: AbortSignal): Promise<MailAttachmentInfo[]>;
  /** false when the server refused (its notice is shown). */
  mailSetFlags(id: number, flags: Partial<Record<MailFlag, boolean>>): Promise<boolean>;
  mailMove(id: number, folderId: number): Promise<boolean>;
  /** The job's number as the reading pane shows it, or null when the server refused. */
  mailAssignJob(id: number, jobId: number): Promise<{ job_number: string | null } | null>;
  mailFileToJob(id: number, jobId: number): Promise<boolean>;
  mailByJob(jobId: number): Promise<MailListRow[]>;
  /** The mail's conversation in the user's accounts, oldest first (GET mails/{id}/thread). */
  mailThread(id: number, signal?: AbortSignal): Promise<MailListRow[]>;
  mailTags(): Promise<MailTag[]>;
  mailLocalFolders(): Promise<MailFolder[]>;
  /** Puts a tag on the mail or takes it off (the server mirrors it as an IMAP keyword). */
  mailSetTag(tagId: number, id: number, on: boolean): Promise<boolean>;
  mailSetLocalFolder(folderId: number, id: number, on: boolean): Promise<boolean>;
  /** Asks the server to sync one of the user's accounts now (202; the changes poll shows the new mail). */
  mailSync(accountId: number): Promise<boolean>;
  /** Switches a Microsoft mailbox on or off in the user's stored selection (the one its dashboard keeps). */
  mailSelectMailbox(msaId: number, selected: boolean): Promise<boolean>;
  /** The same flags on several mails at once (PATCH mails {_bulk}). */
  mailSetFlagsOf(ids: number[], flags: Partial<Record<MailFlag, boolean>>): Promise<boolean>;
  /** Deletes mails marked deleted for good (where the brand allows it). */
  mailFinalDelete(ids: number[]): Promise<boolean>;
}

const R = { resource: 'mails' } as const;

export function mailProvider(client: HttpClient): MailProvider {
  const done = async (answer: Promise<unknown>) => !!(await answer);
  return {
    mailAccounts: async () => (await client<MailAccountInfo[]>('mails/accounts', R))?.data ?? [],
    async mailList(filter, page, limit, signal) {
      const res = await client<MailListRow[]>('mails/filter', { ...R, method: 'POST', body: filter, query: { limit, pagenumber: page }, signal });
      return { rows: res?.data ?? [], hasMore: (res?.data?.length ?? 0) >= limit };
    },
    async mailDeleted(page, limit) {
      const res = await client<MailListRow[]>('mails/deleted', { ...R, method: 'POST', body: {}, query: { limit, pagenumber: page, totalcount: 1 } });
      return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
    },
    mailDetails: async (id, opts, signal) =>
      (await client<MailDetails>(`mails/${id}/details`, { ...R, query: { images: opts.images ? 1 : undefined, large: opts.large ? 1 : undefined }, signal }))
        ?.data ?? null,
    mailAttachments: async (id, signal) => (await client<MailAttachmentInfo[]>(`mails/${id}/attachments`, { ...R, signal }))?.data ?? [],
    mailSetFlags: (id, flags) => done(client(`mails/${id}`, { ...R, method: 'PATCH', body: flags })),
    mailMove: (id, folderId) => done(client(`mails/${id}/move`, { ...R, method: 'POST', body: { ifolder_id: folderId } })),
    mailAssignJob: async (id, jobId) =>
      (await client<{ job_number: string | null }>('mails/assignjob', { ...R, method: 'POST', body: { ma_id: id, job_id: jobId } }))?.data ?? null,
    mailFileToJob: (id, jobId) => done(client('mails/assignfilestojob', { ...R, method: 'POST', body: { ma_id: id, job_id: jobId } })),
    mailByJob: async (jobId) => (await client<MailListRow[]>(`mails/getmailsbyjobid/${jobId}`, R))?.data ?? [],
    mailThread: async (id, signal) => (await client<MailListRow[]>(`mails/${id}/thread`, { ...R, signal }))?.data ?? [],
    mailTags: async () => (await client<MailTag[]>('mailtags/list', { resource: 'mailtags', quiet: true }))?.data ?? [],
    mailLocalFolders: async () => (await client<MailFolder[]>('mailfolders/list', { resource: 'mailfolders', quiet: true }))?.data ?? [],
    mailSetTag: (tagId, id, on) =>
      done(client(`mailtags/${tagId}/${on ? 'assign' : 'unassign'}`, { resource: 'mailtags', method: 'POST', body: { ma_ids: [id] } })),
    mailSetLocalFolder: (folderId, id, on) =>
      done(client(`mailfolders/${folderId}/${on ? 'addmails' : 'removemails'}`, { resource: 'mailfolders', method: 'POST', body: { ma_ids: [id] } })),
    mailSync: (accountId) => done(client(`mails/sync/${accountId}`, { ...R, method: 'POST' })),
    mailSelectMailbox: (msaId, selected) =>
      done(client('microsoftaccounts/selection', { resource: 'microsoftaccounts', method: 'POST', body: { msa_id: msaId, selected } })),
    mailSetFlagsOf: (ids, flags) => done(client('mails', { ...R, method: 'PATCH', body: { _bulk: ids.map((ma_id) => ({ ma_id, ...flags })) } })),
    mailFinalDelete: (ids) => done(client('mails/mailListFinalDelete', { ...R, method: 'POST', body: { mail_ids: ids } })),
  };
}

export const useMailProvider = () => useDataProvider<DataProvider & MailProvider>();
/** react-query key of the user's accounts (the mail client, the job's E-mails tab, triage). */
export const MAIL_ACCOUNTS_KEY = ['mailAccounts'] as const;

/** The user's mail accounts, one cache for every screen that shows them. */
export function useMailAccountList(enabled = true) {
  const provider = useMailProvider();
  return useQuery({ queryKey: MAIL_ACCOUNTS_KEY, queryFn: () => provider.mailAccounts(), enabled });
}
