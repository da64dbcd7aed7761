/** One mail: its sanitised body (GET mails/{id}/details) and its attachments. */
import type { FastifyInstance } from 'fastify';
import { safeTimeZone } from '../../../core/mail/client/dateGroups';
import { LARGE_MAIL_BYTES, type MailDetails } from '../../../core/mail/client/types';
import { invalidField } from '../../envelope/errors';
import { action, idParams } from '../../http/route';
import { requireGate } from '../../auth/gate';
import { mailDb } from '../tables';
import { MAIL_CLIENT_GATE, mailNotFound, visibleMail } from './access';
import { mailJobs } from './jobLinks';
import { toListRows } from './mailList';
import { sanitizeMailHtml } from './sanitize';
import { attachmentSource, mailAttachmentList, type MailAttachment } from './attachments';
import { attachmentDisposition, mailSource } from './source';

const KEY = 'mails';
const flagQuery = { type: 'string', enum: ['0', '1', 'true', 'false'] } as const;
const on = (v: string | undefined) => v === '1' || v === 'true';

export function registerMailDetailRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/mails/:id/details',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: 'A mail with its HTML sanitised; remote images blocked unless images=1; a mail over 5 MB sends no body unless large=1',
      params: idParams,
      querystring: { type: 'object', properties: { images: flagQuery, large: flagQuery } },
    },
    async (req) => {
      const { id } = req.params as { id: number };
      const q = req.query as { images?: string; large?: string };
      const db = mailDb(req.db);
      const { mail, link } = await visibleMail(req, id, db);
      const jobs = await mailJobs(db, Number(mail.ma_id));
      // Only the list's columns: the raw HTML, the search vector and the headers stay on the server.
      const {
        ma_id,
        mailaccount_id,
        mail_subject,
        mail_from,
        mail_to_arr,
        mail_date,
        is_seen,
        is_flagged,
        is_answered,
        is_ready,
        is_spam,
        is_deleted,
        has_attachments,
        mail_size,
        thread_id,
      } = mail;
      const listed = {
        ma_id,
        mailaccount_id,
        mail_subject,
        mail_from,
        mail_to_arr,
        mail_date,
        is_seen,
        is_flagged,
        is_answered,
        is_ready,
        is_spam,
        is_deleted,
        has_attachments,
        mail_size,
        job_id: jobs[0]?.job_id ?? null,
        thread_id,
      };
      const [row] = toListRows([{ ...listed, ma_color: null, snippet: '' }], safeTimeZone(req.user?.settings.timezone));
      const account = await db.selectFrom('mailaccounts').select('ma_color').where('mailaccount_id', '=', mail.mailaccount_id).executeTakeFirstOrThrow();
      const tooLarge = mail.mail_size > LARGE_MAIL_BYTES && !on(q.large);
      const clean = !tooLarge && mail.mail_html ? sanitizeMailHtml(mail.mail_html, { images: on(q.images) }) : null;
      const data: MailDetails = {
        ...row,
        ma_color: account.ma_color,
        snippet: '',
        mail_cc_arr: mail.mail_cc_arr,
        mail_bcc_arr: mail.mail_bcc_arr,
        job_number: jobs[0]?.job_number ?? null,
        can_delete: link.can_delete,
        too_large: tooLarge,
        mail_html: clean?.html ?? null,
        text: tooLarge ? null : mail.mail_text,
        images_blocked: clean?.imagesBlocked ?? 0,
        partial: mail.mail_partial,
      };
      return { data };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/mails/:id/attachments',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: 'The attachments of a mail (name, type, size)',
      params: idParams,
    },
    async (req) => {
      const { id } = req.params as { id: number };
      const db = mailDb(req.db);
      const { mail } = await visibleMail(req, id, db);
      const list = await mailAttachmentList(attachmentSource(req, db), mail);
      return { data: list.map(({ index, filename, content_type, size }) => ({ index, filename, content_type, size })) };
    },
  );

  // The raw message (a partly read mail keeps it as a file; otherwise read from the IMAP server): always downloaded.
  app.route({
    method: 'GET',
    url: '/api/mails/:id/source',
    config: { envelopeKey: KEY, gate: MAIL_CLIENT_GATE },
    preHandler: requireGate(MAIL_CLIENT_GATE),
    schema: { tags: [KEY], summary: 'Downloads the raw source of a mail (.eml)', params: idParams },
    handler: async (req, reply) => {
      const { id } = req.params as { id: number };
      const db = mailDb(req.db);
      const { mail } = await visibleMail(req, id, db);
      const bytes = await mailSource(attachmentSource(req, db), mail);
      if (!bytes) throw mailNotFound();
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(`message-${mail.ma_id}.eml`))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  });

  // A file, not an envelope: always downloaded, never sniffed or rendered as HTML.
  app.route({
    method: 'GET',
    url: '/api/mails/:id/attachments/:index',
    config: { envelopeKey: KEY, gate: MAIL_CLIENT_GATE },
    preHandler: requireGate(MAIL_CLIENT_GATE),
    schema: {
      tags: [KEY],
      summary: 'Downloads one attachment of a mail',
      params: {
        type: 'object',
        properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 }, index: { type: 'integer', minimum: 0, maximum: 10000 } },
        required: ['id', 'index'],
      },
    },
    handler: async (req, reply) => {
      const { id, index } = req.params as { id: number; index: number };
      if (!Number.isInteger(index)) throw invalidField('index');
      const db = mailDb(req.db);
      const { mail } = await visibleMail(req, id, db);
      const file: MailAttachment | undefined = (await mailAttachmentList(attachmentSource(req, db), mail)).find((a) => a.index === index);
      const bytes = await file?.read();
      if (!file || !bytes) throw mailNotFound();
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  });
}
