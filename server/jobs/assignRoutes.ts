/**
 * SPEC.md point 7's assignments, one job at a time: POST jobs/{id}/assignengineer
 * ({ _bulk: [{ us_id, is_lead }] }), assignsupplier ({ _bulk: [{ co_id }] }), assignoperator
 * ({ _bulk: [{ us_id }] }) and assigncustomer ({ us_id } or { us_id: null }). Each list replaces
 * the stored one and goes through the same checks and history as PATCH jobs/{id}.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidField, validationError } from '../envelope/errors';
import { enText } from '../../core/i18n/en-US';
import type { JsonSchema } from '../envelope/schemas';
import { asObject } from '../http/objects';
import { objectBody } from '../http/bodySchema';
import { idSchema, reportedOn } from '../http/bodyShapes';
import { action, idParams } from '../http/route';
import { JOB_STAFF_GATE, modifiableJob } from './access';
import { jobDetails } from './read';
import { jobDb } from './tables';
import { parseJobWrite } from './validate';
import { updateJob, type JobChange } from './writes';
import { jobDetailsSchema } from './wireSchemas';

const key = 'jobs';
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
const bulkOf = (req: FastifyRequest): unknown[] => asObject(req.body)._bulk as unknown[];

async function assign(req: FastifyRequest, change: () => Promise<JobChange> | JobChange) {
  const db = jobDb(req.db);
  const w = await change();
  await db.transaction().execute(async (trx) => updateJob(req, trx, await modifiableJob(req, idOf(req), trx, true), w, 'assign'));
  return { data: await jobDetails(req, db, idOf(req)) };
}

/** `{ _bulk: [item] }`; a bad element is reported on the job's list it replaces (`list`), as PATCH jobs/{id} does. */
const bulkBody = (list: string, item: JsonSchema) =>
  objectBody({ _bulk: { type: 'array', items: reportedOn(list, item), 'x-required-message': 'validation.value' } }, ['_bulk']);
const idItem = (name: string) => ({ anyOf: [idSchema(), objectBody({ [name]: idSchema() }, [name])] });

export function registerJobAssignRoutes(app: FastifyInstance): void {
  const common = { method: 'POST' as const, key, gate: JOB_STAFF_GATE, params: idParams, change: true, data: jobDetailsSchema };
  action(
    app,
    {
      ...common,
      url: '/api/jobs/:id/assignengineer',
      summary: "Replace the job's engineers (exactly one lead; needs a site)",
      body: bulkBody('engineers', objectBody({ us_id: idSchema(), is_lead: { enum: [true, false, null, ''] } }, ['us_id'])),
    },
    (req) => assign(req, () => parseJobWrite({ engineers: bulkOf(req) }, 'update')),
  );
  action(app, { ...common, url: '/api/jobs/:id/assignsupplier', summary: "Replace the job's suppliers", body: bulkBody('suppliers', idItem('co_id')) }, (req) =>
    assign(req, () => parseJobWrite({ suppliers: bulkOf(req) }, 'update')),
  );
  action(
    app,
    { ...common, url: '/api/jobs/:id/assignoperator', summary: "Replace the job's assigned staff users", body: bulkBody('assigned', idItem('us_id')) },
    (req) => assign(req, () => parseJobWrite({ assigned: bulkOf(req) }, 'update')),
  );
  action(
    app,
    {
      ...common,
      url: '/api/jobs/:id/assigncustomer',
      summary: "Set the job's customer (a user with role Customer) or clear it with null",
      // null clears the customer, so presence is the handler's to check (a schema reads null as absent).
      body: objectBody({ us_id: { ...idSchema(), type: ['integer', 'null'], 'x-message': 'validation.number' } }),
    },
    (req) =>
      assign(req, async () => {
        const body = asObject(req.body);
        if (!('us_id' in body)) throw invalidField('us_id', 'validation.number');
        const usId = body.us_id as number | null;
        if (usId === null) return { customer_us_id: null };
        const user = await jobDb(req.db).selectFrom('users').select('us_id').where('us_id', '=', usId).where('role', '=', 'Customer').executeTakeFirst();
        if (!user) throw validationError([{ field: 'us_id', message: enText('validation.value') }]);
        return { customer_us_id: usId };
      }),
  );
}
