/** The mail client's calls, typed (server/mail/client). */
import { api } from '../../dataProvider/apiClient';
import type { MailFolder, MailTag } from '../settings/types';
import type { MailAccountInfo, MailAttachmentInfo, MailDetails, MailFlag, MailListFilter, MailListRow } from '../../../core/mail/client/types';

const R = { resource: 'mails' } as const;

export const mailApi = {
  accounts: async () => (await api<MailAccountInfo[]>('mails/accounts', { ...R }))?.data ?? [],
  /** No total is asked: counting 100,000 rows costs more than the page; a full page means there may be more. */
  list: async (filter: MailListFilter, page: number, limit: number, signal?: AbortSignal) => {
    const res = await api<MailListRow[]>('mails/filter', { ...R, method: 'POST', body: filter, query: { limit, pagenumber: page }, signal });
    return { rows: res?.data ?? [], hasMore: (res?.data?.length ?? 0) >= limit };
  },
  deleted: async (page: number, limit: number) => {
    const res = await api<MailListRow[]>('mails/deleted', { ...R, method: 'POST', body: {}, query: { limit, pagenumber: page, totalcount: 1 } });
    return { rows: res?.data ?? [], total: res?.metadata?.totalCount ?? 0 };
  },
  details: async (id: number, opts: { images: boolean; large: boolean }, signal?: AbortSignal) =>
    (await api<MailDetails>(`mails/${id}/details`, { ...R, query: { images: opts.images ? 1 : undefined, large: opts.large ? 1 : undefined }, signal }))
      ?.data ?? null,
  setFlags: (id: number, flags: Partial<Record<MailFlag, boolean>>) => api(`mails/${id}`, { ...R, method: 'PATCH', body: flags }),
  move: (id: number, folderId: number) => api(`mails/${id}/move`, { ...R, method: 'POST', body: { ifolder_id: folderId } }),
  assignJob: (id: number, jobId: number) => api<{ job_number: string | null }>('mails/assignjob', { ...R, method: 'POST', body: { ma_id: id, job_id: jobId } }),
  fileToJob: (id: number, jobId: number) => api<{ file_ids: number[] }>('mails/assignfilestojob', { ...R, method: 'POST', body: { ma_id: id, job_id: jobId } }),
  /** The mail's conversation in the user's accounts, oldest first (GET mails/{id}/thread). */
  thread: async (id: number, signal?: AbortSignal) => (await api<MailListRow[]>(`mails/${id}/thread`, { ...R, signal }))?.data ?? [],
  byJob: async (jobId: number) => (await api<MailListRow[]>(`mails/getmailsbyjobid/${jobId}`, { ...R }))?.data ?? [],
  tags: async () => (await api<MailTag[]>('mailtags/list', { resource: 'mailtags', quiet: true }))?.data ?? [],
  localFolders: async () => (await api<MailFolder[]>('mailfolders/list', { resource: 'mailfolders', quiet: true }))?.data ?? [],
  /** Puts a tag on the mail or takes it off (the server mirrors it as an IMAP keyword). */
  setTag: (tagId: number, id: number, on: boolean) =>
    api(`mailtags/${tagId}/${on ? 'assign' : 'unassign'}`, { resource: 'mailtags', method: 'POST', body: { ma_ids: [id] } }),
  setLocalFolder: (folderId: number, id: number, on: boolean) =>
    api(`mailfolders/${folderId}/${on ? 'addmails' : 'removemails'}`, { resource: 'mailfolders', method: 'POST', body: { ma_ids: [id] } }),
  /** Asks the server to sync one of the user's accounts now (202; the changes poll shows the new mail). */
  sync: (accountId: number) => api<{ sync: string }>(`mails/sync/${accountId}`, { ...R, method: 'POST' }),
  /** Switches a Microsoft mailbox on or off in the user's stored selection (the one its dashboard keeps). */
  selectMailbox: (msaId: number, selected: boolean) =>
    api('microsoftaccounts/selection', { resource: 'microsoftaccounts', method: 'POST', body: { msa_id: msaId, selected } }),
  attachments: async (id: number) => (await api<MailAttachmentInfo[]>(`mails/${id}/attachments`, { ...R }))?.data ?? [],
};
