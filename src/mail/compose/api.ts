/** The compose calls through the one fetch wrapper. */
import { api } from '../../dataProvider/apiClient';
import type { Draft, DraftListRow, DraftState, FromAlias, ReplyMode, Signature, Suggestion, Template } from './types';

async function data<T>(p: Promise<{ data: T } | undefined>): Promise<T> {
  const res = await p;
  if (!res) throw new Error('no answer');
  return res.data;
}

export interface SaveAnswer {
  skipped: boolean;
  draft: Draft;
}

export interface SendAnswer {
  sent: true;
  ma_id: number;
  message_id: string;
  sent_copy_error: string | null;
}

export const composeApi = {
  aliases: () => data(api<FromAlias[]>('mailaliases/list')),
  signatures: () => data(api<Signature[]>('mailsignatures/list')),
  templates: () => data(api<Template[]>('mailtemplates/list')),
  suggest: (stext: string, signal?: AbortSignal) => data(api<Suggestion[]>('contactmanager/filter', { method: 'POST', body: { stext }, signal, quiet: true })),
  draft: (id: number) => data(api<Draft>(`maildrafts/${id}/details`)),
  /** The Drafts folder, newest first; stext (3+ characters) searches subject, recipients and text. */
  drafts: (stext: string, signal?: AbortSignal) =>
    data(api<DraftListRow[]>('maildrafts/filter', { method: 'POST', body: stext ? { stext } : {}, signal, quiet: true })),
  draftsFor: (maId: number) => data(api<DraftListRow[]>('maildrafts/filter', { method: 'POST', body: { reply_ma_id: maId } })),
  create: (body: { reply_ma_id?: number; mode?: ReplyMode; replace_id?: number; images?: boolean }) =>
    data(api<Draft>('maildrafts/create', { method: 'POST', body })),
  /** quiet: the editor shows a locked or stale answer itself instead of a notice every few seconds. */
  save: (id: number, version: number, fields: Partial<DraftState>) =>
    data(api<SaveAnswer>(`maildrafts/${id}`, { method: 'PATCH', body: { mdraft_version: version, ...fields }, quiet: true })),
  send: (id: number, version: number, fields: Partial<DraftState>) =>
    data(api<SendAnswer>(`maildrafts/${id}/updateAndSend`, { method: 'POST', body: { mdraft_version: version, ...fields } })),
  unlock: (id: number) => data(api<Draft>(`maildrafts/${id}/unlock`, { method: 'POST' })),
  remove: (id: number) => data(api<{ deleted: number }>(`maildrafts/${id}`, { method: 'DELETE' })),
  removeAttachment: (id: number, fileId: number) => data(api<Draft>(`maildrafts/${id}/attachments/${fileId}`, { method: 'DELETE' })),
};
