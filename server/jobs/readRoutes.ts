/**
 * Reading jobs: the sheet (POST jobs/filter), one job (GET jobs/{id}, GET jobs/{id}/details), its
 * history, the department calendar and the documents tab's list.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toWireDate } from '../envelope/datetime';
import { answerJobDocuments } from '../files/jobDocuments';
import { invalidField } from '../envelope/errors';
import { listQuerySchema, parseListQuery, type ListQuery } from '../http/listQuery';
import { action, idParams } from '../http/route';
import { JOB_STAFF_GATE, SHEET_GATE, readableJob } from './access';
import { JOB_LIST, sheetConditions } from './filter';
import { listPage } from '../lists/listPage';
import { jobSheetList } from '../lists/jobSheet';
import { historyNames, namesOfEntry } from './historyNames';
import { jobDetails, jobListRow, sheetListRows } from './read';
import { jobDb } from './tables';
import { salesSiteValues } from './sales/siteValues';
import { parseWireDate } from './validate';
import { jobDetailsSchema, jobListRowSchema, jobSheetRowSchema } from './wireSchemas';

const key = 'jobs';
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
const MAX_CALENDAR_DAYS = 400;

export function registerJobReadRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/jobs/filter',
      key,
      gate: SHEET_GATE,
      querystring: listQuerySchema,
      summary: 'The job sheet: JobFilter body, sort from JOB_SORT_FIELDS, 20 a page; a customer sees only their own jobs',
      docBody: { type: 'object', description: 'JobFilter (core/jobs/types.ts)' },
      data: { type: 'array', items: jobSheetRowSchema },
      plainSerializer: true,
    },
    async (req) => {
      const c = sheetConditions(req);
      const p = parseListQuery(req.query as ListQuery, JOB_LIST);
      const [{ rows, totalCount }, site] = await Promise.all([listPage(jobSheetList(jobDb(req.db), req.brand!.schema, c, p)), salesSiteValues(jobDb(req.db))]);
      return { data: sheetListRows(rows, req.user?.role ?? null, site.currency), totalCount };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/jobs/calendar',
      key,
      gate: JOB_STAFF_GATE,
      summary: "A department's jobs scheduled within [from, to] (JobCalendarRow)",
      querystring: {
        type: 'object',
        properties: { de_id: { type: 'integer', minimum: 1, maximum: 2147483647 }, from: { type: 'string' }, to: { type: 'string' } },
      },
    },
    async (req) => {
      const q = req.query as { de_id?: number; from?: string; to?: string };
      if (!q.de_id) throw invalidField('de_id', 'validation.required');
      const from = parseWireDate(q.from ?? null);
      const to = parseWireDate(q.to ?? null);
      if (!from) throw invalidField('from', q.from ? 'validation.value' : 'validation.required');
      if (!to || to < from || to.getTime() - from.getTime() > MAX_CALENDAR_DAYS * 86_400_000)
        throw invalidField('to', q.to ? 'validation.value' : 'validation.required');
      const rows = await jobDb(req.db)
        .selectFrom('jobs as j')
        .leftJoin('jobsites as s', 's.js_id', 'j.js_id')
        .select(['j.job_id', 'j.job_number', 'j.job_desc', 'j.job_start', 'j.job_end', 'j.job_status', 'j.js_id', 's.js_address'])
        .where('j.de_id', '=', q.de_id)
        .where('j.job_start', '<=', to)
        .where((eb) => eb.or([eb('j.job_end', '>=', from), eb.and([eb('j.job_end', 'is', null), eb('j.job_start', '>=', from)])]))
        .orderBy('j.job_start')
        .orderBy('j.job_id')
        .limit(2000)
        .execute();
      return { data: rows.map((r) => ({ ...r, job_start: toWireDate(r.job_start), job_end: toWireDate(r.job_end) })) };
    },
  );

  action(
    app,
    { method: 'GET', url: '/api/jobs/:id', key, gate: SHEET_GATE, params: idParams, summary: 'One job as a sheet row (JobListRow)', data: jobListRowSchema },
    async (req) => {
      await readableJob(req, idOf(req));
      return { data: await jobListRow(jobDb(req.db), idOf(req), req.user?.role ?? null) };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/jobs/:id/details',
      key,
      gate: SHEET_GATE,
      params: idParams,
      summary: 'The job item: details, engineers (with cost lock), suppliers, assigned users, remedial flag, can_modify',
      data: jobDetailsSchema,
    },
    async (req) => {
      await readableJob(req, idOf(req));
      return { data: await jobDetails(req, jobDb(req.db), idOf(req)) };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/jobs/:id/history',
      key,
      gate: JOB_STAFF_GATE,
      params: idParams,
      summary: "The job's change history, newest first (JobHistoryRow; jh_names: 'kind:id' → name for the ids it holds)",
    },
    async (req) => {
      await readableJob(req, idOf(req));
      const rows = await jobDb(req.db)
        .selectFrom('job_history as h')
        .leftJoin('users as u', 'u.us_id', 'h.us_id')
        .select(['h.jh_id', 'h.us_id', 'u.fullname', 'h.jh_entity', 'h.jh_entity_id', 'h.jh_action', 'h.jh_changes', 'h.created_at'])
        .where('h.job_id', '=', idOf(req))
        .orderBy('h.jh_id', 'desc')
        .limit(1000)
        .execute();
      const names = await historyNames(jobDb(req.db), rows);
      return { data: rows.map((r) => ({ ...r, jh_id: Number(r.jh_id), jh_names: namesOfEntry(names, r.jh_changes), created_at: toWireDate(r.created_at) })) };
    },
  );

  // The documents tab's call: the files area (server/files/jobDocuments.ts) answers it for a job
  // this user may read; a customer sees only the files marked visible to the client.
  action(
    app,
    {
      method: 'POST',
      url: '/api/jobs/:id/documents/filter',
      key,
      gate: SHEET_GATE,
      params: idParams,
      querystring: {
        type: 'object',
        properties: { page: { type: 'integer', minimum: 1, default: 1 }, size: { type: 'integer', minimum: 1, maximum: 500, default: 10 } },
      },
      summary: "The job's documents by group ({ f_grp_id }), page default 1, size 10",
    },
    async (req) => {
      await readableJob(req, idOf(req));
      return answerJobDocuments(req, idOf(req));
    },
  );
}
