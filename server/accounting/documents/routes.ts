/**
 * POST jobs/{id}/generatexeroinvoice {jss_id, type} (issue 23's wire name): staff who may change the
 * job's sales, with the accounting feature on. Queues the push and tries it at once: answers the
 * section with its Xero number when sent, `queued` when Xero is busy or unreachable (the worker
 * retries with the same Idempotency-Key), and the failure's XE_* code when Xero refused it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { XERO_DOCUMENT_GATE, type XeroCode } from '../../../core/accounting/constants';
import { INVOICE_TYPES, type InvoiceType } from '../../../core/enums';
import { enText } from '../../../core/i18n/en-US';
import { AppError } from '../../envelope/errors';
import { objectBody } from '../../http/bodySchema';
import { idSchema } from '../../http/bodyShapes';
import { action } from '../../http/route';
import { modifiableJob } from '../../jobs/access';
import { loadJobSales } from '../../jobs/sales/queries';
import { sectionIsFinal } from '../../jobs/sales/write';
import { jobDb } from '../../jobs/tables';
import { jobSalesSchema } from '../../jobs/wireSchemas';
import type { AnyDb } from '../../resources/hooks';
import { accountingError } from '../errors';
import { requestXeroApi } from '../xero/api';
import { attemptNow, enqueuePush } from './queue';
import { documentText } from '../../../core/accounting/documentMessages';

const sectionsSchema = (jobSalesSchema as { properties: { sections: unknown } }).properties.sections;

const answerSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['done', 'queued'], description: 'done: the document is in Xero; queued: it will be sent when Xero answers again' },
    xsp_id: { type: 'integer', description: 'the xero_sync_pending row' },
    message: { type: 'string' },
    section: { ...(sectionsSchema as { items: object }).items, description: 'the section as it is now (with xero_doc_number, xero_doc_url)' },
    sales: jobSalesSchema,
  },
  required: ['status', 'xsp_id', 'message', 'section', 'sales'],
};

/**
 * The failure as an envelope error: not-found codes as 404, the rest 409 (the SPA shows the text and
 * stays). Only Xero's own account of a refused document goes along as details (the SPA shows details
 * over the code's text); a technical cause ("xero answered 500") stays on the queue row for the
 * sync-status page, and the user reads the XE code's text in their language.
 */
function failure(code: XeroCode, text: string): AppError {
  if (code === 'XE_INV_NF') return new AppError({ code, status: 404, primary: enText(`xeroCodes.${code}`) });
  if (code !== 'SYNC_WAS_UNSUCCESSFUL' && code !== 'XE_CONT_NOTEX_ONXERO') return accountingError(code);
  const detail = text.startsWith(enText(`xeroCodes.${code}`)) ? text.slice(enText(`xeroCodes.${code}`).length).trim() : text;
  return accountingError(code, detail || null);
}

export function registerGenerateRoute(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/jobs/:id/generatexeroinvoice',
      key: 'jobs',
      gate: XERO_DOCUMENT_GATE,
      params: { type: 'object', properties: { id: idSchema() }, required: ['id'] },
      body: objectBody({ jss_id: idSchema(), type: { type: 'string', enum: [...INVOICE_TYPES] } }, ['jss_id', 'type']),
      data: answerSchema,
      change: true,
      summary:
        'Send a sales section to Xero as a quote, invoice, advance-payment invoice or credit note; the section becomes final. 404 UNKNOWN_INVOICE: not a section of the job; 409 XE_SEC_FINAL: already final; 409 AUTHERROR: not connected',
    },
    async (req: FastifyRequest) => {
      const jobId = (req.params as { id: number }).id;
      const { jss_id, type } = req.body as { jss_id: number; type: InvoiceType };
      const db = req.db as unknown as AnyDb;
      await modifiableJob(req, jobId);
      const section = await jobDb(req.db)
        .selectFrom('job_sales_sections')
        .select(['jss_id', 'jss_is_final'])
        .where('jss_id', '=', jss_id)
        .where('job_id', '=', jobId)
        .executeTakeFirst();
      if (!section) throw new AppError({ code: 'UNKNOWN_INVOICE', status: 404, primary: enText('xeroCodes.UNKNOWN_INVOICE') });
      if (section.jss_is_final) throw sectionIsFinal();
      const api = await requestXeroApi(req);
      const schema = req.brand!.schema;
      const row = await enqueuePush(db, schema, jobId, jss_id, type);
      const outcome = await attemptNow(db, schema, api, row.xsp_id);
      if (outcome.status === 'failed') throw failure(outcome.code, outcome.text);
      const sales = await loadJobSales(jobDb(req.db), jobId);
      const wire = sales.sections.find((s) => s.jss_id === jss_id)!;
      const message =
        outcome.status === 'done' ? documentText('xeroDocuments.sent', { number: wire.xero_doc_number ?? '' }) : documentText('xeroDocuments.queued');
      return { data: { status: outcome.status === 'done' ? 'done' : 'queued', xsp_id: row.xsp_id, message, section: wire, sales } };
    },
  );
}
