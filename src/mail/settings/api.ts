/**
 * The calls behind the mail settings dialog, through the one fetch wrapper (which shows the
 * server's refusals as notices). The user's accounts come from the same mailaliases call the draft
 * page uses (every account the user may send from answers at least one From address). Quiet: the
 * dialog shows a refusal ('no linked account') in place instead of as a notice.
 */
import { api } from '../../dataProvider/apiClient';
import type { FromAlias } from '../compose/types';
import type { LinkedAccount, MailFolder, MailTag, Signature, Template } from './types';

async function data<T>(p: Promise<{ data: T } | undefined>): Promise<T> {
  const res = await p;
  if (!res) throw new Error('no answer');
  return res.data;
}

export async function linkedAccounts(): Promise<LinkedAccount[]> {
  const seen = new Map<number, LinkedAccount>();
  for (const a of await data(api<FromAlias[]>('mailaliases/list', { quiet: true }))) {
    if (!seen.has(a.mailaccount_id)) seen.set(a.mailaccount_id, { mailaccount_id: a.mailaccount_id, ma_name: a.ma_name });
  }
  return [...seen.values()];
}

/** list / create / update / delete of one API group. */
function crud<Row, Write>(group: string) {
  return {
    list: (filter?: Record<string, unknown>) => data(api<Row[]>(`${group}/filter`, { method: 'POST', body: filter ?? {} })),
    create: (body: Write) => data(api<Row>(`${group}/create`, { method: 'POST', body })),
    update: (id: number, body: Partial<Write>) => data(api<Row>(`${group}/${id}`, { method: 'PATCH', body })),
    remove: (id: number) => data(api<{ deleted: number }>(`${group}/${id}`, { method: 'DELETE' })),
  };
}

export type SignatureWrite = Pick<Signature, 'mailaccount_id' | 'ms_name' | 'ms_signature'>;
export type TemplateWrite = Pick<Template, 'mailaccount_id' | 'mtpl_name' | 'mtpl_subject' | 'mtpl_content'>;

export const settingsApi = {
  signatures: crud<Signature, SignatureWrite>('mailsignatures'),
  templates: crud<Template, TemplateWrite>('mailtemplates'),
  tags: crud<MailTag, Pick<MailTag, 'mt_name' | 'mt_color'>>('mailtags'),
  folders: crud<MailFolder, Pick<MailFolder, 'mf_name'>>('mailfolders'),
};
