/**
 * The compose calls (drafts, sending, suggestions, the From list and texts), merged into the app's
 * data provider and used through useComposeProvider() with react-query.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { HttpClient, RequestOptions } from '../../dataProvider/httpClient';
import type { Draft, DraftListRow, DraftState, FromAlias, ReplyMode, Signature, Suggestion, Template } from './types';

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

export interface ComposeProvider {
  composeAliases(): Promise<FromAlias[]>;
  composeSignatures(): Promise<Signature[]>;
  composeTemplates(): Promise<Template[]>;
  composeSuggest(stext: string, signal?: AbortSignal): Promise<Suggestion[]>;
  composeDraft(id: number, signal?: AbortSignal): Promise<Draft>;
  /** The Drafts folder, newest first; stext (3+ characters) searches subject, recipients and text. */
  composeDrafts(stext: string, signal?: AbortSignal): Promise<DraftListRow[]>;
  composeDraftsFor(maId: number): Promise<DraftListRow[]>;
  composeCreate(body: { reply_ma_id?: number; mode?: ReplyMode; replace_id?: number; images?: boolean; job_id?: number }): Promise<Draft>;
  /** Quiet: the editor shows a locked or stale answer itself instead of a notice every few seconds. */
  composeSave(id: number, version: number, fields: Partial<DraftState>): Promise<SaveAnswer>;
  composeSend(id: number, version: number, fields: Partial<DraftState>): Promise<SendAnswer>;
  composeUnlock(id: number): Promise<Draft>;
  composeRemove(id: number): Promise<{ deleted: number }>;
  composeRemoveAttachment(id: number, fileId: number): Promise<Draft>;
}

export function composeProvider(client: HttpClient): ComposeProvider {
  async function data<T>(path: string, options?: RequestOptions): Promise<T> {
    const res = await client<T>(path, options);
    if (!res) throw new Error('no answer');
    return res.data;
  }
  return {
    composeAliases: () => data('mailaliases/list'),
    composeSignatures: () => data('mailsignatures/list'),
    composeTemplates: () => data('mailtemplates/list'),
    composeSuggest: (stext, signal) => data('contactmanager/filter', { method: 'POST', body: { stext }, signal, quiet: true }),
    composeDraft: (id, signal) => data(`maildrafts/${id}/details`, { signal }),
    composeDrafts: (stext, signal) => data('maildrafts/filter', { method: 'POST', body: stext ? { stext } : {}, signal, quiet: true }),
    composeDraftsFor: (maId) => data('maildrafts/filter', { method: 'POST', body: { reply_ma_id: maId } }),
    composeCreate: (body) => data('maildrafts/create', { method: 'POST', body }),
    composeSave: (id, version, fields) => data(`maildrafts/${id}`, { method: 'PATCH', body: { mdraft_version: version, ...fields }, quiet: true }),
    composeSend: (id, version, fields) => data(`maildrafts/${id}/updateAndSend`, { method: 'POST', body: { mdraft_version: version, ...fields } }),
    composeUnlock: (id) => data(`maildrafts/${id}/unlock`, { method: 'POST' }),
    composeRemove: (id) => data(`maildrafts/${id}`, { method: 'DELETE' }),
    composeRemoveAttachment: (id, fileId) => data(`maildrafts/${id}/attachments/${fileId}`, { method: 'DELETE' }),
  };
}

export const useComposeProvider = () => useDataProvider<DataProvider & ComposeProvider>();
