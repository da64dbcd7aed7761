/**
 * SPEC.md point 7's assignments, one job at a time: POST jobs/{id}/assignengineer
 * ({ _bulk: [{ us_id, is_lead }] }), assignsupplier ({ _bulk: [{ co_id }] }), assignoperator
 * ({ _bulk: [{ us_id }] }) and assigncustomer ({ us_id } or { us_id: null }). Each list replaces
 * the stored one and goes through the same checks and history as PATCH jobs/{id}.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidField, validationError } from '../envelope/errors';
import { enText } from '../../core/i18n/en-US';
import { asObject } from '../http/objects';
import { action, idParams } from '../http/route';
import { JOB_STAFF_GATE, modifiableJob } from './access';
import { jobDetails } from './read';
import { jobDb } from './tables';
import { parseJobWrite } from './validate';
import { updateJob, type JobChange } from './writes';

const key = 'jobs';
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
const bulkOf = (input: unknown): unknown[] => {
  const bulk = asObject(input)._bulk;
  if (!Array.isArray(bulk)) throw invalidField('_bulk');
  return bulk;
};

async function assign(req: FastifyRequest, change: () => Promise<JobChange> | JobChange) {
  const db = jobDb(req.db);
  const w = await change();
  await db.transaction().execute(async (trx) => updateJob(req, trx, await modifiableJob(req, idOf(req), trx, true), w, 'assign'));
  return { data: await jobDetails(req, db, idOf(req)) };
}

const bulkBody = (item: Record<string, unknown>) => ({
  type: 'object',
  properties: { _bulk: { type: 'array', items: { type: 'object', properties: item } } },
  required: ['_bulk'],
});

export function registerJobAssignRoutes(app: FastifyInstance): void {
  const common = { method: 'POST' as const, key, gate: JOB_STAFF_GATE, params: idParams, change: true };
  action(
    app,
    {
      ...common,
      url: '/api/jobs/:id/assignengineer',
      summary: "Replace the job's engineers (exactly one lead; needs a site)",
      docBody: bulkBody({ us_id: { type: 'integer' }, is_lead: { type: 'boolean' } }),
    },
    (req) => assign(req, () => parseJobWrite({ engineers: bulkOf(req.body) }, 'update')),
  );
  action(
    app,
    { ...common, url: '/api/jobs/:id/assignsupplier', summary: "Replace the job's suppliers", docBody: bulkBody({ co_id: { type: 'integer' } }) },
    (req) => assign(req, () => parseJobWrite({ suppliers: bulkOf(req.body) }, 'update')),
  );
  action(
    app,
    { ...common, url: '/api/jobs/:id/assignoperator', summary: "Replace the job's assigned staff users", docBody: bulkBody({ us_id: { type: 'integer' } }) },
    (req) => assign(req, () => parseJobWrite({ assigned: bulkOf(req.body) }, 'update')),
  );
  action(
    app,
    {
      ...common,
      url: '/api/jobs/:id/assigncustomer',
      summary: "Set the job's customer (a user with role Customer) or clear it with null",
      docBody: { type: 'object', properties: { us_id: { type: ['integer', 'null'] } }, required: ['us_id'] },
    },
    (req) =>
      assign(req, async () => {
        const usId = asObject(req.body).us_id;
        if (usId === null) return { customer_us_id: null };
        if (typeof usId !== 'number' || !Number.isInteger(usId) || usId < 1 || usId > 2147483647) throw invalidField('us_id', 'validation.number');
        const user = await jobDb(req.db).selectFrom('users').select('us_id').where('us_id', '=', usId).where('role', '=', 'Customer').executeTakeFirst();
        if (!user) throw validationError([{ field: 'us_id', message: enText('validation.value') }]);
        return { customer_us_id: usId };
      }),
  );
}
