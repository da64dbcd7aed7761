/**
 * The dispatch board's calls: GET dispatch/week (lanes, visits, jobs to dispatch) and POST
 * dispatch/visits/{id} (put a job on a lane at a time). Office staff who may schedule a job, as on
 * the job's Schedule tab (JOB_STAFF_GATE, then the job's own assigned-list rule).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DispatchMove } from '../../core/dispatch/types';
import { isDay, mondayOf, todayIn } from '../../core/dispatch/week';
import { searchableText, searchProblem } from '../../core/lists/search';
import { invalidField } from '../envelope/errors';
import { objectBody } from '../http/bodySchema';
import { idSchema, textSchema } from '../http/bodyShapes';
import { action, idParams } from '../http/route';
import { JOB_STAFF_GATE } from '../jobs/access';
import { jobDb } from '../jobs/tables';
import { userZone } from '../mail/client/readRoutes';
import { moveVisit } from './move';
import { dispatchWeek } from './week';

const key = 'dispatch';
const wire = { type: 'string' };
const nullableWire = { type: ['string', 'null'] };
const nullableText = { type: ['string', 'null'] };
const status = { type: 'string' };

const jobFields = {
  job_id: { type: 'integer' },
  job_number: nullableText,
  job_desc: nullableText,
  js_address: nullableText,
  job_status: status,
};
const weekSchema = {
  type: 'object',
  required: ['start', 'days', 'time_zone', 'engineers', 'visits', 'unscheduled'],
  properties: {
    start: wire,
    days: { type: 'array', items: wire },
    time_zone: wire,
    engineers: {
      type: 'array',
      items: { type: 'object', required: ['us_id', 'fullname'], properties: { us_id: { type: 'integer' }, fullname: nullableText } },
    },
    visits: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...jobFields, job_start: wire, job_end: nullableWire, us_id: { type: 'integer' }, is_lead: { type: 'boolean' } },
      },
    },
    unscheduled: {
      type: 'object',
      required: ['data', 'totalCount', 'page', 'pageSize'],
      properties: {
        data: { type: 'array', items: { type: 'object', properties: { ...jobFields, job_start: nullableWire, job_end: nullableWire } } },
        totalCount: { type: 'integer' },
        page: { type: 'integer' },
        pageSize: { type: 'integer' },
      },
    },
  },
};
const movedSchema = {
  type: 'object',
  required: ['job_id', 'us_id', 'job_start', 'job_end', 'job_status'],
  properties: { job_id: { type: 'integer' }, us_id: { type: 'integer' }, job_start: wire, job_end: wire, job_status: status },
};

interface WeekParams {
  start?: string;
  stext?: string;
  page?: number;
}

function weekQuery(req: FastifyRequest) {
  const q = req.query as WeekParams;
  const zone = userZone(req);
  if (q.start !== undefined && !isDay(q.start)) throw invalidField('start', 'validation.value');
  const problem = searchProblem(q.stext ?? '');
  if (problem) throw invalidField('stext', problem);
  return { monday: mondayOf(q.start ?? todayIn(zone)), zone, stext: searchableText(q.stext ?? ''), page: q.page ?? 1 };
}

export function registerDispatchRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/dispatch/week',
      key,
      gate: JOB_STAFF_GATE,
      summary:
        "The dispatch board's week (Monday of `start`, default this week, in the user's time zone): the engineers, their visits, and a page (20) of open jobs with no time or engineer (free text `stext`, `page`)",
      querystring: {
        type: 'object',
        properties: { start: { type: 'string' }, stext: { type: 'string', maxLength: 200 }, page: { type: 'integer', minimum: 1, maximum: 100000 } },
      },
      data: weekSchema,
    },
    async (req) => ({ data: await dispatchWeek(jobDb(req.db), weekQuery(req)) }),
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/dispatch/visits/:id',
      key,
      gate: JOB_STAFF_GATE,
      params: idParams,
      change: true,
      summary:
        'Put a job on an engineer at a time (wire dates, UTC): the engineer leads it, from_us_id leaves it, job_end defaults to the same length (new: 2 hours); an approved job becomes booked',
      body: objectBody({ us_id: idSchema(), job_start: textSchema(40), job_end: textSchema(40), from_us_id: idSchema() }, ['us_id', 'job_start']),
      data: movedSchema,
    },
    async (req) => ({ data: await moveVisit(req, (req.params as { id: number }).id, req.body as DispatchMove) }),
  );
}
