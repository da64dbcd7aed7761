/**
 * GET jobs/{id}/salessections/{jss_id}/pdf[?type=QUOTE|ADVANCE_PAYMENT|INVOICE|CREDIT_NOTE]: a sales
 * section as a quote or invoice PDF, in the brand's name, with or without the accounting service.
 * Gated like GET jobs/{id}/sales (office staff, job.enabled, the job's record rule); without `type`
 * the section prints as its own invoice type (core/jobs/sales/pdfNames.ts). A bad `type` is the
 * envelope's 400 'Invalid value' on `type`, answered before the access check like every query error.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVOICE_TYPES, type InvoiceType } from '../../../../core/enums';
import { pdfFileName } from '../../../../core/jobs/sales/pdfNames';
import { DOWNLOAD_CSP, contentDisposition } from '../../../files/download';
import { fileAction } from '../../../http/route';
import { JOB_STAFF_GATE } from '../../access';
import { salesPdfContent } from './content';
import { loadSalesPdf } from './data';
import { buildSalesPdf } from './document';
import { pdfFonts } from './fonts';

const key = 'jobs';
const id = { type: 'integer', minimum: 1, maximum: 2147483647 };

type PdfReq = FastifyRequest<{ Params: { id: number; jss_id: number }; Querystring: { type?: InvoiceType } }>;

/** `attachment; filename="…"` as the contract words it; a name beyond ASCII also gets the RFC 5987 form. */
export function pdfDisposition(name: string): string {
  const plain = `attachment; filename="${name}"`;
  return /^[\x20-\x7e]*$/.test(name) && !/["\\%;]/.test(name) ? plain : contentDisposition('attachment', name);
}

export function registerSalesPdfRoute(app: FastifyInstance): void {
  fileAction(
    app,
    {
      method: 'GET',
      url: '/api/jobs/:id/salessections/:jss_id/pdf',
      key,
      gate: JOB_STAFF_GATE,
      mediaType: 'application/pdf',
      summary: "A sales section as a PDF quote or invoice (`type`; default: the section's own invoice type), downloaded",
      params: { type: 'object', properties: { id, jss_id: id }, required: ['id', 'jss_id'] },
      querystring: { type: 'object', properties: { type: { type: 'string', enum: [...INVOICE_TYPES] } } },
    },
    async (request, reply) => {
      const req = request as PdfReq;
      const { source, jobNumber } = await loadSalesPdf(req, req.params.id, req.params.jss_id, req.query.type);
      const pdf = await buildSalesPdf(salesPdfContent(source), { fonts: pdfFonts() });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(pdf.length))
        .header('Content-Disposition', pdfDisposition(pdfFileName(source.type, jobNumber, req.params.jss_id)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', DOWNLOAD_CSP)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
}
