/**
 * Writing jobs: POST jobs/create, PATCH jobs/{id} (also the schedule: job_start/job_end),
 * DELETE jobs/{id} and POST jobs/{id}/copy (the flags: flagRoutes.ts). Staff write; a customer may
 * change only the texts of their own job and never its status.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jobText } from '../../core/jobs/messages';
import { conflict } from '../envelope/errors';
import { asObject } from '../http/objects';
import { action, idParams } from '../http/route';
import { JOB_STAFF_GATE, SHEET_GATE, modifiableJob, notAllowedToModify } from './access';
import { peopleOf } from './people';
import { jobDetails } from './read';
import { createJob, updateJob } from './writes';
import { jobDb } from './tables';
import { parseJobWrite } from './validate';
import { jobDetailsSchema } from './wireSchemas';

const key = 'jobs';
/** What a customer may change on their own job. */
const CUSTOMER_FIELDS = new Set(['job_desc', 'job_details', 'job_wopo']);
const IGNORED_ON_WRITE = new Set([
  'job_id',
  'job_number',
  'de_name',
  'co_name',
  'js_address',
  'pm_name',
  'jsc_name',
  'net_quote',
  'net_sales',
  'created_at',
  'updated_at',
  'remedial_flag',
  'can_modify',
  'customer_us_id',
  'job_has_issue',
]);
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
const writeBody = { type: 'object', description: 'JobWrite (core/jobs/types.ts)', additionalProperties: true };

/** A customer's PATCH: only the three texts; any status or other field refuses the whole save. */
function customerBody(input: unknown): Record<string, unknown> {
  const body = asObject(input);
  for (const k of Object.keys(body)) {
    if (CUSTOMER_FIELDS.has(k)) continue;
    if (k === 'job_status' || !IGNORED_ON_WRITE.has(k)) throw notAllowedToModify();
  }
  return Object.fromEntries(Object.entries(body).filter(([k]) => CUSTOMER_FIELDS.has(k)));
}

export function registerJobWriteRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/jobs/create',
      key,
      gate: JOB_STAFF_GATE,
      summary: 'Create a job (job_is_draft: true keeps it without a number)',
      docBody: writeBody,
      data: jobDetailsSchema,
      change: true,
      status: 201,
    },
    async (req) => {
      const w = parseJobWrite(req.body, 'create');
      const db = jobDb(req.db);
      const id = await db.transaction().execute((trx) => createJob(req, trx, w));
      return { data: await jobDetails(req, db, id) };
    },
  );

  action(
    app,
    {
      method: 'PATCH',
      url: '/api/jobs/:id',
      key,
      gate: SHEET_GATE,
      params: idParams,
      summary: 'Change a job (lists given replace the stored ones; a customer: texts of their own job only)',
      docBody: writeBody,
      data: jobDetailsSchema,
      change: true,
    },
    async (req) => {
      const isCustomer = req.user?.role === 'Customer';
      const w = parseJobWrite(isCustomer ? customerBody(req.body) : req.body, 'update');
      const db = jobDb(req.db);
      await db.transaction().execute(async (trx) => updateJob(req, trx, await modifiableJob(req, idOf(req), trx, true), w));
      return { data: await jobDetails(req, db, idOf(req)) };
    },
  );

  action(
    app,
    {
      method: 'DELETE',
      url: '/api/jobs/:id',
      key,
      gate: JOB_STAFF_GATE,
      params: idParams,
      summary: 'Delete a job with its people, sales, costs and history',
      change: true,
    },
    async (req) => {
      const db = jobDb(req.db);
      await db.transaction().execute(async (trx) => {
        const job = await modifiableJob(req, idOf(req), trx, true);
        await trx.deleteFrom('jobs').where('job_id', '=', job.job_id).execute();
      });
      return { data: { job_id: idOf(req) } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/jobs/:id/copy',
      key,
      gate: JOB_STAFF_GATE,
      params: idParams,
      summary: 'Copy a saved job (details, people, tags; not sales or costs) into a new numbered job',
      data: jobDetailsSchema,
      change: true,
      status: 201,
    },
    async (req) => {
      const db = jobDb(req.db);
      const id = await db.transaction().execute(async (trx) => {
        const src = await modifiableJob(req, idOf(req), trx);
        if (src.job_number === null) throw conflict(jobText('errors.saveBeforeCopy'));
        const people = await peopleOf(trx, src.job_id);
        return createJob(
          req,
          trx,
          {
            de_id: src.de_id,
            co_id: src.co_id,
            js_id: src.js_id,
            pm_id: src.pm_id,
            jsc_id: src.jsc_id,
            job_status: src.job_status as never,
            job_wopo: src.job_wopo,
            job_desc: src.job_desc,
            job_details: src.job_details,
            job_start: src.job_start,
            job_end: src.job_end,
            job_tags: src.job_tags as never,
            job_has_remedial: src.job_has_remedial,
            skip_remedial_check: src.skip_remedial_check,
            customer_us_id: src.customer_us_id,
            ...people,
          },
          'copy',
          { copied_from: src.job_number },
        );
      });
      return { data: await jobDetails(req, db, id) };
    },
  );
}
