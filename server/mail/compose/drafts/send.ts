/**
 * Sending a draft: over the account's outgoing server (Nodemailer), then the same bytes appended
 * to the account's Sent folder with \Seen, and the mail stored in `mails` so it shows at once
 * (the next sync recognises it by Message-ID and does not double it).
 */
import type { Readable } from 'node:stream';
import { graphAccount } from '../../graph/source';
import { sendThroughGraph, type GraphSendInput } from '../../graph/writeBack';
import { openImap } from '../../sync/connect';
import { pushFlags } from '../../sync/pushFlags';
import { smtpTransport } from '../../transport';
import { originalKey, type FileStore } from '../../../files/storage';
import { mailDb } from '../../tables';
import { mailJobs } from '../../client/jobLinks';
import type { ComposeDb } from '../tables';
import { jobReplyAddress } from '../../routing/clues';
import { recordDecisions } from '../../routing/route';
import { routingDb } from '../../routing/tables';
import { buildMail, type BuiltMail } from './mime';
import { fromOf, type DraftRow } from './wire';

export class SendError extends Error {}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

async function attachmentsOf(db: ComposeDb, store: FileStore | undefined, schema: string, draftId: number) {
  const files = await db
    .selectFrom('maildraft_files as d')
    .innerJoin('files as f', 'f.file_id', 'd.file_id')
    .select(['f.f_name', 'f.f_type', 'f.f_storage_name', 'f.f_added'])
    .where('d.mdraft_id', '=', draftId)
    .orderBy('f.file_id')
    .execute();
  if (files.length && !store) throw new SendError('file storage is not available');
  const out = [];
  for (const f of files) {
    const object = await store!.open(originalKey(schema, f.f_added, f.f_storage_name));
    if (!object) throw new SendError(`attachment ${f.f_name} is missing`);
    out.push({ filename: f.f_name, contentType: f.f_type, content: await readAll(object.stream) });
  }
  return out;
}

/** The job a new mail was started from, when it still exists and has a number to put in the address. */
async function draftJob(db: ComposeDb, draft: DraftRow): Promise<{ job_id: number; job_number: string } | null> {
  if (draft.job_id === null) return null;
  const job = await mailDb(db).selectFrom('jobs').select(['job_id', 'job_number']).where('job_id', '=', draft.job_id).executeTakeFirst();
  return job?.job_number ? { job_id: job.job_id, job_number: job.job_number } : null;
}

async function replyHeaders(db: ComposeDb, draft: DraftRow) {
  const none = { inReplyTo: null, references: [] as string[], threadId: null as number | null, job: null as { job_id: number; job_number: string } | null };
  if (draft.reply_ma_id === null) return { ...none, job: await draftJob(db, draft) };
  const mail = await db
    .selectFrom('mails as m')
    .select(['m.message_id', 'm.mail_references', 'm.thread_id'])
    .where('m.ma_id', '=', draft.reply_ma_id)
    .executeTakeFirst();
  if (!mail) return none;
  // A reply or forward of a job's mail is the job's mail too (issue 30): it keeps the link and asks for answers at the job's
  // plus-address; of a mail of several jobs, the first it was linked to.
  const first = (await mailJobs(mailDb(db), Number(draft.reply_ma_id))).find((j) => j.job_number !== null);
  const job = first ? { job_id: first.job_id, job_number: first.job_number! } : null;
  if (draft.reply_mode === 'forward') return { ...none, job };
  return { inReplyTo: mail.message_id, references: [...mail.mail_references, mail.message_id], threadId: mail.thread_id, job };
}

async function transmit(db: ComposeDb, accountId: number, built: BuiltMail, graphInput: () => Promise<GraphSendInput>): Promise<void> {
  // A Microsoft mailbox sends through Graph's sendMail, which keeps the copy in Sent Items itself.
  const graph = await graphAccount(mailDb(db), accountId);
  if (graph) {
    try {
      await sendThroughGraph(mailDb(db), graph, await graphInput());
    } catch (err) {
      throw new SendError(err instanceof Error ? err.message : String(err));
    }
    return;
  }
  const server = await db
    .selectFrom('mailaccounts as a')
    .innerJoin('mailservers as s', 's.mailserver_id', 'a.mailserver_id')
    .select(['s.mailserver_id', 's.mailserver_host', 's.mailserver_port', 's.mailserver_secure', 's.mailserver_user', 's.mailserver_pass', 's.mailserver_auth'])
    .where('a.mailaccount_id', '=', accountId)
    .executeTakeFirst();
  if (!server) throw new SendError('the mail account has no outgoing server');
  // A refused or failed OAuth renewal is a send failure like a refused login: the draft is locked and the reason shown.
  const transport = await smtpTransport(db, server).catch((err: unknown) => {
    throw new SendError(err instanceof Error ? err.message : String(err));
  });
  try {
    await transport.sendMail({ envelope: built.envelope, raw: built.raw });
  } catch (err) {
    throw new SendError(err instanceof Error ? err.message : String(err));
  } finally {
    transport.close();
  }
}

/**
 * Appends to the Sent folder and records where the copy is (folder + UID), so the mail is in the
 * Sent view at once; the next sync finds the same UID and Message-ID and adds nothing. A failure
 * here does not undo a sent mail: it is reported back.
 */
async function appendToSent(db: ComposeDb, accountId: number, maId: number, built: BuiltMail): Promise<string | null> {
  const account = await db.selectFrom('mailaccounts').select('mis_id').where('mailaccount_id', '=', accountId).executeTakeFirst();
  // A Graph account has no incoming server: sendMail saved the copy in Sent Items, the next sync places it.
  if (!account?.mis_id) return null;
  const known = await db
    .selectFrom('imapfolders')
    .select(['ifolder_id', 'ifolder_path', 'uidvalidity'])
    .where('mailaccount_id', '=', accountId)
    .where('ifolder_type', '=', 'sent')
    .where('is_gone', '=', false)
    .executeTakeFirst();
  try {
    const client = await openImap(mailDb(db), accountId);
    try {
      let path = known?.ifolder_path;
      if (!path) {
        const list = await client.list();
        path = (list.find((f) => f.specialUse === '\\Sent') ?? list.find((f) => f.path.toLowerCase() === 'sent'))?.path;
      }
      if (!path) return 'no Sent folder';
      const res = await client.append(path, built.raw, ['\\Seen'], built.date);
      const uidValidity = res && res.uidValidity !== undefined ? Number(res.uidValidity) : null;
      // Only when the folder's cursor is the same UIDVALIDITY; otherwise the next sync places it.
      if (known && res && res.uid && uidValidity !== null && known.uidvalidity === uidValidity) {
        await db
          .insertInto('mail_locations')
          .values({ ifolder_id: known.ifolder_id, uid: res.uid, uidvalidity: uidValidity, ma_id: maId, mail_date: built.date })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      return null;
    } finally {
      await client.logout().catch(() => undefined);
    }
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export interface SendOutcome {
  ma_id: number;
  message_id: string;
  /** Why the Sent copy is missing, or null. */
  sent_copy_error: string | null;
}

export async function sendDraft(db: ComposeDb, store: FileStore | undefined, schema: string, draft: DraftRow): Promise<SendOutcome> {
  const reply = await replyHeaders(db, draft);
  const from = await fromOf(db, draft);
  const attachments = await attachmentsOf(db, store, schema, draft.mdraft_id);
  const replyTo = reply.job ? jobReplyAddress(from.address, reply.job.job_number) : null;
  const built = await buildMail({
    from,
    to: draft.mdraft_to_arr,
    cc: draft.mdraft_cc_arr,
    bcc: draft.mdraft_bcc_arr,
    subject: draft.mdraft_subject,
    html: draft.mdraft_html,
    inReplyTo: reply.inReplyTo,
    references: reply.references,
    replyTo,
    attachments,
  });
  await transmit(db, draft.mailaccount_id, built, async () => ({
    subject: draft.mdraft_subject ?? '',
    html: draft.mdraft_html ?? '',
    to: draft.mdraft_to_arr,
    cc: draft.mdraft_cc_arr,
    bcc: draft.mdraft_bcc_arr,
    messageId: built.messageId,
    attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    replyTo,
  }));
  const mail = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('mails')
      .values({
        mailaccount_id: draft.mailaccount_id,
        message_id: built.messageId,
        in_reply_to: reply.inReplyTo,
        mail_references: reply.references,
        thread_id: reply.threadId,
        mail_subject: draft.mdraft_subject,
        mail_from: JSON.stringify(from),
        mail_to_arr: JSON.stringify(draft.mdraft_to_arr),
        mail_cc_arr: JSON.stringify(draft.mdraft_cc_arr),
        mail_bcc_arr: JSON.stringify(draft.mdraft_bcc_arr),
        mail_date: built.date,
        mail_html: draft.mdraft_html,
        mail_text: built.text,
        mail_size: built.raw.length,
        has_attachments: built.raw.includes('Content-Disposition: attachment'),
        is_seen: true,
      })
      .returning('ma_id')
      .executeTakeFirstOrThrow();
    if (reply.job)
      await recordDecisions(routingDb(trx), [
        { ma_id: row.ma_id, decision: { job: reply.job, reason: 'sent_from_job', params: { job: reply.job.job_number }, suggestions: [] } },
      ]);
    if (reply.threadId === null) await trx.updateTable('mails').set({ thread_id: row.ma_id }).where('ma_id', '=', row.ma_id).execute();
    await trx.deleteFrom('maildrafts').where('mdraft_id', '=', draft.mdraft_id).execute();
    return row;
  });
  const sentCopyError = await appendToSent(db, draft.mailaccount_id, mail.ma_id, built);
  if (draft.reply_ma_id !== null && draft.reply_mode !== 'forward') {
    // \Answered on the server first, then the row; an unreachable server leaves the row for the next sync.
    await pushFlags(mailDb(db), draft.reply_ma_id, { is_answered: true }).catch(() => undefined);
  }
  return { ma_id: mail.ma_id, message_id: built.messageId, sent_copy_error: sentCopyError };
}
