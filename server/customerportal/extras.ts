/**
 * Beyond SPEC.md point 7, what every field-service peer offers a customer (issue 24's wire names):
 * POST {id}/quotedecision { decision, name } records who decided, the typed name and when, and tells
 * the office; the job's status stays the office's to change (SPEC.md point 6: a customer cannot
 * change it). POST {id}/message { text } tells the job's operators, in /reminders and by mail (officeMail.ts). GET {id}/ics is the appointment,
 * GET {id}/salessections/{jss_id}/pdf a quote or invoice as the office prints it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RootDb } from '../db/types';
import { logInternalError } from '../envelope/errorLog';
import { mailOffice } from './officeMail';
import type { Gate } from '../../core/access/access';
import { CUSTOMER_MESSAGE_MAX, QUOTE_DECISIONS, type QuoteDecision } from '../../core/customerportal/types';
import { customerText } from '../../core/customerportal/messages';
import { toWireDate } from '../envelope/datetime';
import { AppError } from '../envelope/errors';
import { objectBody } from '../http/bodySchema';
import { filledTextSchema } from '../http/bodyShapes';
import { action, fileAction, idParams } from '../http/route';
import { recordHistory } from '../jobs/history';
import { jobDb } from '../jobs/tables';
import { raiseNotification } from '../notifications/raise';
import { customerJobDetails, requireAwaitingQuote } from './jobs';
import { icsCalendar } from './ics';
import { pdfFileName } from '../../core/jobs/sales/pdfNames';
import { DOWNLOAD_CSP } from '../files/download';
import { salesPdfContent } from '../jobs/sales/pdf/content';
import { loadSalesPdf } from '../jobs/sales/pdf/data';
import { buildSalesPdf } from '../jobs/sales/pdf/document';
import { pdfFonts } from '../jobs/sales/pdf/fonts';
import { pdfDisposition } from '../jobs/sales/pdf/route';
import { loadScope, scopedJob } from './scope';
import { customerDb } from './tables';

const key = 'customerportal';
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
const idSchema = { type: 'integer', minimum: 1, maximum: 2147483647 };

const decisionBody = {
  ...objectBody({ decision: { type: 'string', enum: [...QUOTE_DECISIONS], 'x-message': 'validation.value' }, name: filledTextSchema(100) }, [
    'decision',
    'name',
  ]),
  additionalProperties: false,
};
const messageBody = { ...objectBody({ text: filledTextSchema(CUSTOMER_MESSAGE_MAX) }, ['text']), additionalProperties: false };

export function registerCustomerExtraRoutes(app: FastifyInstance, gate: Gate, root: RootDb): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/customerportal/:id/quotedecision',
      key,
      gate,
      params: idParams,
      body: decisionBody,
      change: true,
      summary: "Approve or decline the job's quote with a typed name as signature; 409 when no quote waits for a decision",
    },
    async (req) => {
      const db = customerDb(req.db);
      const scope = await loadScope(req, db);
      const { decision, name } = req.body as { decision: QuoteDecision; name: string };
      await db.transaction().execute(async (trx) => {
        const job = await scopedJob(trx, scope, idOf(req), true);
        await requireAwaitingQuote(trx, job.job_id, job.job_status);
        const row = await trx
          .insertInto('job_quote_decisions')
          .values({ job_id: job.job_id, us_id: scope.usId, jqd_decision: decision, jqd_name: name.trim() })
          .returning(['jqd_id', 'jqd_at'])
          .executeTakeFirstOrThrow();
        const jobs = jobDb(trx);
        await recordHistory(jobs, {
          job_id: job.job_id,
          us_id: scope.usId,
          entity: 'job',
          entityId: job.job_id,
          action: `quote_${decision}`,
          changes: { decision, name: name.trim(), at: toWireDate(row.jqd_at) },
        });
        await raiseNotification(jobs, {
          type: 'CUSTOMER_JOB_UPDATE',
          job_id: job.job_id,
          actor: scope.usId,
          params: { job_number: job.job_number, quote: decision, name: name.trim() },
        });
      });
      return { data: await customerJobDetails(db, scope, idOf(req)) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/customerportal/:id/message',
      key,
      gate,
      params: idParams,
      body: messageBody,
      change: true,
      status: 201,
      summary: "Message the office about the job: a CUSTOMER_JOB_UPDATE for the job's operators with the text",
    },
    async (req) => {
      const db = customerDb(req.db);
      const scope = await loadScope(req, db);
      const text = (req.body as { text: string }).text.trim();
      const { notified, jobNumber } = await db.transaction().execute(async (trx) => {
        const job = await scopedJob(trx, scope, idOf(req));
        const jobs = jobDb(trx);
        await recordHistory(jobs, {
          job_id: job.job_id,
          us_id: scope.usId,
          entity: 'job',
          entityId: job.job_id,
          action: 'customer_message',
          changes: { text },
        });
        const count = await raiseNotification(jobs, {
          type: 'CUSTOMER_JOB_UPDATE',
          job_id: job.job_id,
          actor: scope.usId,
          params: { job_number: job.job_number, message: text },
        });
        return { notified: count, jobNumber: job.job_number ?? String(job.job_id) };
      });
      const user = req.user!;
      // After the answer's transaction and not awaited: the notification is what must not be lost; a mail fault is logged.
      void mailOffice(db, { jobId: idOf(req), jobNumber, customer: { name: user.fullname ?? '', email: user.email }, text }).catch((err) =>
        logInternalError(root, req, err),
      );
      return { data: { job_id: idOf(req), notified } };
    },
  );

  fileAction(
    app,
    {
      method: 'GET',
      url: '/api/customerportal/:id/salessections/:jss_id/pdf',
      key,
      gate,
      mediaType: 'application/pdf',
      params: { type: 'object', properties: { id: idSchema, jss_id: idSchema }, required: ['id', 'jss_id'] },
      summary: "One of the job's quotes or invoices as a PDF, as the office prints it; another customer's job or section: 404",
    },
    async (req, reply) => {
      const db = customerDb(req.db);
      const { id, jss_id } = req.params as { id: number; jss_id: number };
      const job = await scopedJob(db, await loadScope(req, db), id);
      const { source, jobNumber } = await loadSalesPdf(req, id, jss_id, undefined, job);
      const pdf = await buildSalesPdf(salesPdfContent(source), { fonts: pdfFonts() });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(pdf.length))
        .header('Content-Disposition', pdfDisposition(pdfFileName(source.type, jobNumber, jss_id)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', DOWNLOAD_CSP)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  fileAction(
    app,
    {
      method: 'GET',
      url: '/api/customerportal/:id/ics',
      key,
      gate,
      params: idParams,
      mediaType: 'text/calendar',
      summary: "The job's appointment as an .ics file; 409 when it has none",
    },
    async (req, reply) => {
      const db = customerDb(req.db);
      const scope = await loadScope(req, db);
      const job = await customerJobDetails(db, scope, idOf(req));
      const stored = await scopedJob(db, scope, job.job_id);
      if (!stored.job_start) throw new AppError({ code: 'CONFLICT', status: 409, primary: customerText('errors.noAppointment'), general: 'record' });
      const number = job.job_number ?? String(job.job_id);
      const host = req.hostname.replace(/:\d+$/, '') || 'localhost';
      const body = icsCalendar({
        uid: `job-${job.job_id}@${host}`,
        start: stored.job_start,
        end: stored.job_end,
        summary: `${req.brand!.config.customSettings?.visibleName || req.brand!.config.name}: ${number}${job.job_desc ? ` – ${job.job_desc}` : ''}`,
        location: [job.js_address, job.js_city, job.js_postcode].filter(Boolean).join(', ') || null,
        description: job.job_details,
      });
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="job-${number.replace(/[^A-Za-z0-9_-]/g, '_')}.ics"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
}
