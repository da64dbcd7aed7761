/**
 * The engineer portal (SPEC.md point 7, engineer portal): the engineer's jobs, a job's details,
 * their own costs and cost description, submitting (locking) their costs, reports, the issue and
 * remedial flags (flags.ts), documents, photos and invoices (uploads.ts), their own notifications (notifications.ts) and the sites of their jobs
 * (sites.ts). Role Engineer only (ENGINEER_GATE); every job and site call is limited to jobs the
 * engineer is on.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENGINEER_GATE } from '../jobs/access';
import { parseBulk } from '../jobs/costs/costBody';
import { setEngineerLock } from '../jobs/costs/locks';
import { decimal, FieldErrors } from '../jobs/sales/parse';
import { action } from '../http/route';
import { objectBody } from '../http/bodySchema';
import { filledTextSchema, textOrNull, textSchema } from '../http/bodyShapes';
import { listQuerySchema, type ListQuery } from '../http/listQuery';
import { toWireDate } from '../envelope/datetime';
import { applyEngineerBulk, loadEngineerCosts, refuseIfLocked } from './costs';
import { engineerJobDetails, filterEngineerJobs, requireOnJob } from './jobs';
import { registerEngineerFlagRoutes } from './flags';
import { registerEngineerNotificationRoutes } from './notifications';
import { registerEngineerSiteRoutes } from './sites';
import { registerEngineerDocumentRoutes, registerEngineerUploads } from './uploads';
import { withMultipart } from '../files/multipartScope';
import { jobDb } from '../jobs/tables';
import { notifyEngineerReport } from '../notifications/jobEvents';
import { portalDb, type PortalDb } from './tables';

const key = 'engineerportal';
const gate = ENGINEER_GATE;
const idSchema = { type: 'integer', minimum: 1, maximum: 2147483647 };
const jobParams = { type: 'object', properties: { id: idSchema }, required: ['id'] };
type JobReq = FastifyRequest<{ Params: { id: number } }>;
const jobId = (req: FastifyRequest) => (req as JobReq).params.id;
const me = (req: FastifyRequest) => req.user!.us_id;

/** One transaction with the engineer checked to be on the job. */
async function onJob<T>(req: FastifyRequest, work: (db: PortalDb) => Promise<T>): Promise<T> {
  return portalDb(req.db)
    .transaction()
    .execute(async (trx) => {
      await requireOnJob(trx, me(req), jobId(req));
      return work(trx);
    });
}

const reportBody = {
  ...objectBody(
    {
      er_text: filledTextSchema(3000),
      er_hours: { type: ['number', 'string'], 'x-message': 'validation.number', description: 'Hours: a decimal from 0 to 9999, 2 places' },
    },
    ['er_text'],
  ),
  additionalProperties: false,
};

export function registerEngineerPortalRoutes(app: FastifyInstance): void {
  const base = '/api/engineerportal/:id';
  registerEngineerFlagRoutes(app);
  registerEngineerNotificationRoutes(app);
  registerEngineerSiteRoutes(app);
  registerEngineerDocumentRoutes(app);
  // The file store is decorated by registerFileRoutes, after these routes: read it per request.
  withMultipart(app, (scope) => registerEngineerUploads(scope, () => app.fileStore));

  action(
    app,
    {
      method: 'POST',
      url: '/api/engineerportal/filter',
      key,
      gate,
      querystring: listQuerySchema,
      docBody: {
        type: 'object',
        properties: {
          job_number: { type: ['string', 'null'] },
          jobsite_name: { type: ['string', 'null'] },
          job_status_ids: { type: 'array', items: { type: 'string' } },
        },
      },
      summary: 'The jobs the engineer is on (10 a page by default)',
    },
    async (req) => filterEngineerJobs(req, portalDb(req.db), req.query as ListQuery),
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/engineerportal/jobsitehistory',
      key,
      gate,
      querystring: listQuerySchema,
      docBody: {
        type: 'object',
        properties: { js_id: { type: 'integer' }, stext: { type: ['string', 'null'] }, job_status_ids: { type: 'array', items: { type: 'string' } } },
        required: ['js_id'],
      },
      summary: "The engineer's jobs at one site (stext: at least 3 characters over number and description)",
    },
    async (req) => filterEngineerJobs(req, portalDb(req.db), req.query as ListQuery, 'site'),
  );

  action(app, { method: 'GET', url: `${base}/details`, key, gate, params: jobParams, summary: "A job's details for the engineer on it" }, async (req) => ({
    data: await engineerJobDetails(portalDb(req.db), me(req), jobId(req)),
  }));

  action(
    app,
    { method: 'GET', url: `${base}/costs`, key, gate, params: jobParams, summary: "The engineer's own costs on the job and whether they are locked" },
    async (req) => ({
      data: await onJob(req, (db) => loadEngineerCosts(db, jobId(req), me(req))),
    }),
  );

  action(
    app,
    {
      method: 'POST',
      url: `${base}/costs`,
      key,
      gate,
      params: jobParams,
      change: true,
      summary: "Create, update, delete the engineer's own cost rows (jc_item, jc_desc_engineer, jc_qty_engineer, jc_net_price_engineer); locked: 403",
    },
    async (req) => {
      const { rows, errs } = parseBulk(req.body, 'engineer');
      return {
        data: await onJob(req, async (db) => {
          await applyEngineerBulk(db, jobId(req), me(req), rows, errs);
          return loadEngineerCosts(db, jobId(req), me(req));
        }),
      };
    },
  );

  action(
    app,
    { method: 'GET', url: `${base}/costdesc`, key, gate, params: jobParams, summary: "The engineer's description of their costs on the job" },
    async (req) => ({
      data: await onJob(req, async (db) => {
        const row = await db
          .selectFrom('job_engineer_costdesc')
          .select('costdesc')
          .where('job_id', '=', jobId(req))
          .where('us_id', '=', me(req))
          .executeTakeFirst();
        return { costdesc: row?.costdesc ?? null };
      }),
    }),
  );

  action(
    app,
    {
      method: 'PATCH',
      url: `${base}/costdesc`,
      key,
      gate,
      params: jobParams,
      change: true,
      body: objectBody({ costdesc: textSchema(3000) }),
      summary: 'Change the description of the costs; locked: 403',
    },
    async (req) => {
      const costdesc = textOrNull((req.body as { costdesc?: unknown } | null)?.costdesc);
      return {
        data: await onJob(req, async (db) => {
          await refuseIfLocked(db, jobId(req), me(req));
          await db
            .insertInto('job_engineer_costdesc')
            .values({ job_id: jobId(req), us_id: me(req), costdesc })
            .onConflict((oc) => oc.columns(['job_id', 'us_id']).doUpdateSet({ costdesc, updated_at: new Date() }))
            .execute();
          return { costdesc };
        }),
      };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: `${base}/lockcosts`,
      key,
      gate,
      params: jobParams,
      change: true,
      summary: 'The engineer submits their costs: they are locked until the office unlocks them',
    },
    async (req) => ({
      data: await onJob(req, async (db) => {
        await setEngineerLock(jobDb(db), jobId(req), me(req), true, me(req));
        return loadEngineerCosts(db, jobId(req), me(req));
      }),
    }),
  );

  action(
    app,
    {
      method: 'POST',
      url: `${base}/reports`,
      key,
      gate,
      params: jobParams,
      change: true,
      status: 201,
      body: reportBody,
      summary: 'An engineer report on the job (listed on /engineer-reports; raises TO_REPORT for the office)',
    },
    async (req) => {
      const body = req.body as { er_text: string; er_hours?: unknown };
      const er_text = body.er_text;
      // The exact decimal and its range: a number's text is not something a schema can check.
      const errs = new FieldErrors();
      const er_hours = decimal(errs, 'er_hours', body.er_hours, { scale: 2, min: 0, max: 9999 }) ?? null;
      errs.throwIfAny();
      const row = await onJob(req, async (db) => {
        const report = await db
          .insertInto('engineer_reports')
          .values({ job_id: jobId(req), us_id: me(req), er_text: er_text as string, er_hours })
          .returningAll()
          .executeTakeFirstOrThrow();
        await notifyEngineerReport(jobDb(db), jobId(req), me(req), report.er_id);
        return report;
      });
      return { data: { ...row, created_at: toWireDate(row.created_at) } };
    },
  );
}
