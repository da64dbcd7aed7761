/**
 * A job's costs (SPEC.md point 7): GET jobs/{id}/costs, POST jobs/{id}/costs with a `_bulk` list
 * (all rows in one transaction, all or nothing) and POST jobs/{id}/engineerlockedstatus. Office
 * staff only; the job's record rules apply to writes. Staff may edit a locked engineer's costs:
 * the lock stops the engineer, not the office that checks their figures.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { action } from '../../http/route';
import { invalidField } from '../../envelope/errors';
import { objectBody } from '../../http/bodySchema';
import { boolSchema, idSchema as bodyIdSchema } from '../../http/bodyShapes';
import { JOB_STAFF_GATE, modifiableJob, readableJob } from '../access';
import { jobDb } from '../tables';
import { applyStaffBulk } from './bulk';
import { parseBulk } from './costBody';
import { setEngineerLock } from './locks';
import { loadJobCosts } from './queries';
import { jobCostsSchema } from '../wireSchemas';

const key = 'jobs';
const gate = JOB_STAFF_GATE;
const idSchema = bodyIdSchema();
const jobParams = { type: 'object', properties: { id: idSchema }, required: ['id'] };
type JobReq = FastifyRequest<{ Params: { id: number } }>;
const jobId = (req: FastifyRequest) => (req as JobReq).params.id;

const bulkDoc = {
  type: 'object',
  properties: {
    _bulk: {
      type: 'array',
      description: 'rows with jc_id update, rows without create, `_delete: true` deletes; exactly one of co_id (SUPPLIER contact) / us_id (Engineer) per row',
      items: { type: 'object', properties: { jc_id: idSchema, _delete: { type: 'boolean' }, co_id: idSchema, us_id: idSchema, jss_id: idSchema } },
    },
  },
  required: ['_bulk'],
};

export function registerCostRoutes(app: FastifyInstance): void {
  const base = '/api/jobs/:id';

  action(
    app,
    {
      method: 'GET',
      url: `${base}/costs`,
      key,
      gate,
      data: jobCostsSchema,
      params: jobParams,
      summary: "The job's costs with names, net totals (qty × net price, 2 decimals), VAT, totals and engineer locks",
    },
    async (req) => {
      await readableJob(req, jobId(req));
      return { data: await loadJobCosts(jobDb(req.db), jobId(req)) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: `${base}/costs`,
      key,
      gate,
      data: jobCostsSchema,
      params: jobParams,
      docBody: bulkDoc,
      change: true,
      summary: 'Create, update and delete cost rows in one transaction (all or nothing)',
    },
    async (req) => {
      const { rows, errs } = parseBulk(req.body, 'staff');
      const data = await jobDb(req.db)
        .transaction()
        .execute(async (trx) => {
          await modifiableJob(req, jobId(req), trx, true);
          await applyStaffBulk(trx, jobId(req), req.user!.us_id, rows, errs);
          return loadJobCosts(trx, jobId(req));
        });
      return { data };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: `${base}/engineerlockedstatus`,
      key,
      gate,
      data: jobCostsSchema,
      params: jobParams,
      body: objectBody({ us_id: idSchema, locked: boolSchema() }, ['us_id', 'locked']),
      change: true,
      summary: "Lock or unlock one engineer's costs on the job",
    },
    async (req) => {
      const { us_id: usId, locked } = req.body as { us_id: number; locked: boolean };
      const data = await jobDb(req.db)
        .transaction()
        .execute(async (trx) => {
          await modifiableJob(req, jobId(req), trx, true);
          const known = await trx.selectFrom('users').select('us_id').where('us_id', '=', usId).where('role', '=', 'Engineer').executeTakeFirst();
          if (!known) throw invalidField('us_id');
          await setEngineerLock(trx, jobId(req), usId, locked, req.user!.us_id);
          return loadJobCosts(trx, jobId(req));
        });
      return { data };
    },
  );
}
