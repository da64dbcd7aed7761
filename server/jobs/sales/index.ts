/**
 * A job's sales (SPEC.md point 7): GET/POST jobs/{id}/sales, PATCH/DELETE jobs/{id}/sales/{sectionId},
 * POST salessectionduplicate, PATCH salessections (section order) and salessectionitems (row order).
 * Office staff only (JOB_STAFF_GATE) and the job's record rules; a final section refuses every
 * change with XE_SEC_FINAL; every write records history and refreshes the job's net totals.
 * GET salessections/{jss_id}/pdf prints a section as a quote or invoice (./pdf/).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JOB_STAFF_GATE, readableJob } from '../access';
import { action } from '../../http/route';
import { objectBody } from '../../http/bodySchema';
import { idSchema, listOf } from '../../http/bodyShapes';
import { jobSalesSchema } from '../wireSchemas';
import { jobDb } from '../tables';
import { loadJobSales } from './queries';
import { createSection, deleteSection, duplicateSection, patchSection, reorderItems, reorderSections } from './sectionWrites';
import { salesWrite } from './write';
import { registerSalesPdfRoute } from './pdf/route';

const key = 'jobs';
const gate = JOB_STAFF_GATE;
const id = { type: 'integer', minimum: 1, maximum: 2147483647 };
// Not a list: 'Field is required!'; a bad element: 'Invalid value' on `order`. Which ids: the handler's.
const orderSchema = listOf('order', { type: 'integer' }, 'validation.required');
const jobParams = { type: 'object', properties: { id }, required: ['id'] };
const sectionParams = { type: 'object', properties: { id, sectionId: id }, required: ['id', 'sectionId'] };
const itemDoc = {
  type: 'object',
  properties: {
    sales_kind: { type: 'string', enum: ['quote', 'invoice', 'cost', 'sales', 'purchase'] },
    item_code: { type: ['string', 'null'] },
    description: { type: ['string', 'null'] },
    qty: { type: ['string', 'number'] },
    net_unit_cost: { type: ['string', 'number', 'null'] },
    net_unit_sales: { type: ['string', 'number', 'null'] },
    tax_rate: { type: ['string', 'number', 'null'] },
  },
};
const sectionDoc = {
  type: 'object',
  properties: {
    jss_title: { type: ['string', 'null'] },
    jss_invoice_type: { type: 'string', enum: ['QUOTE', 'ADVANCE_PAYMENT', 'INVOICE', 'CREDIT_NOTE'] },
    jss_calc_with: { type: ['string', 'null'] },
    jss_due_date: { type: ['string', 'null'], description: "'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' UTC; default today + invoiceDueDays" },
    jss_expiry_days: { type: 'integer', description: 'default quoteExpiryDays of the site configuration (60)' },
    jss_is_final: { type: 'boolean' },
    jss_costs_locked: { type: 'boolean', description: 'false unlocks every cost linked to the section' },
    items: { type: 'array', items: itemDoc, description: "replaces the section's rows" },
  },
};

type JobReq = FastifyRequest<{ Params: { id: number } }>;
type SectionReq = FastifyRequest<{ Params: { id: number; sectionId: number } }>;
const jobId = (req: FastifyRequest) => (req as JobReq).params.id;
const sectionId = (req: FastifyRequest) => (req as SectionReq).params.sectionId;

export function registerSalesRoutes(app: FastifyInstance): void {
  const base = '/api/jobs/:id';

  action(
    app,
    {
      method: 'GET',
      url: `${base}/sales`,
      key,
      gate,
      data: jobSalesSchema,
      params: jobParams,
      summary: "The job's sales sections in order, with their rows and totals (money as 2-decimal strings)",
    },
    async (req) => {
      await readableJob(req, jobId(req));
      return { data: await loadJobSales(jobDb(req.db), jobId(req)) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: `${base}/sales`,
      key,
      gate,
      data: jobSalesSchema,
      params: jobParams,
      docBody: sectionDoc,
      change: true,
      status: 201,
      summary: 'Add a sales section (and its rows) at the end',
    },
    async (req) => ({
      data: await salesWrite(req, jobId(req), (ctx) => createSection(ctx, req.body)),
    }),
  );

  action(
    app,
    {
      method: 'PATCH',
      url: `${base}/sales/:sectionId`,
      key,
      gate,
      data: jobSalesSchema,
      params: sectionParams,
      docBody: sectionDoc,
      change: true,
      summary: 'Change a section; `items` replaces its rows; a final section answers 409 XE_SEC_FINAL',
    },
    async (req) => ({
      data: await salesWrite(req, jobId(req), (ctx) => patchSection(ctx, sectionId(req), req.body)),
    }),
  );

  action(
    app,
    {
      method: 'DELETE',
      url: `${base}/sales/:sectionId`,
      key,
      gate,
      data: jobSalesSchema,
      params: sectionParams,
      change: true,
      summary: 'Delete a section with its rows; a final section answers 409 XE_SEC_FINAL',
    },
    async (req) => ({
      data: await salesWrite(req, jobId(req), (ctx) => deleteSection(ctx, sectionId(req))),
    }),
  );

  action(
    app,
    {
      method: 'POST',
      url: `${base}/salessectionduplicate`,
      key,
      gate,
      data: jobSalesSchema,
      params: jobParams,
      body: objectBody({ jss_id: idSchema() }, ['jss_id']),
      change: true,
      status: 201,
      summary: 'Copy a section with its rows (the copy is not final)',
    },
    async (req) => ({ data: await salesWrite(req, jobId(req), (ctx) => duplicateSection(ctx, (req.body as { jss_id: number }).jss_id)) }),
  );

  action(
    app,
    {
      method: 'PATCH',
      url: `${base}/salessections`,
      key,
      gate,
      data: jobSalesSchema,
      params: jobParams,
      body: objectBody({ order: orderSchema }, ['order']),
      change: true,
      summary: "Reorder the job's sections: `order` lists every jss_id of the job once",
    },
    async (req) => ({ data: await salesWrite(req, jobId(req), (ctx) => reorderSections(ctx, (req.body as { order: number[] }).order)) }),
  );

  action(
    app,
    {
      method: 'PATCH',
      url: `${base}/salessectionitems`,
      key,
      gate,
      data: jobSalesSchema,
      params: jobParams,
      body: objectBody({ jss_id: idSchema(), order: orderSchema }, ['jss_id', 'order']),
      change: true,
      summary: "Reorder a section's rows: `order` lists every sales_id of the section once; a final section answers 409",
    },
    async (req) => {
      const body = req.body as { jss_id: number; order: number[] };
      return { data: await salesWrite(req, jobId(req), (ctx) => reorderItems(ctx, body.jss_id, body.order)) };
    },
  );

  registerSalesPdfRoute(app);
}
