/**
 * Engineer reports (SPEC.md point 7): the list, newest first, with the job number and the
 * engineer's name, and a bulk removal taking the ids as one comma-separated string ('1,2,3').
 * The brand-bound database keeps every query inside the asking brand's own reports.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { toWireDate } from '../envelope/datetime';
import { invalidField } from '../envelope/errors';
import { asObject } from '../http/objects';
import { objectBody } from '../http/bodySchema';
import { action } from '../http/route';
import { listQuerySchema, parseListQuery, type ListOptions, type ListQuery } from '../http/listQuery';
import { REMINDER_GATE as gate, MAX_ID, dbOf } from '../notifications/wire';

const key = 'engineerreports';
const SORTABLE: Record<string, string> = { created_at: 'r.created_at', er_id: 'r.er_id', job_number: 'j.job_number', engineer_name: 'u.fullname' };
/** 20 a page, newest first (the newest id breaking ties); sorted on a wire name's SQL column. */
const LIST: ListOptions = { pageSize: 20, sort: { sortable: SORTABLE, defaultSort: '-created_at', tieBreaker: { column: 'r.er_id', desc: true } } };

const rowSchema = {
  type: 'object',
  properties: {
    er_id: { type: 'integer' },
    job_id: { type: 'integer' },
    job_number: { type: ['string', 'null'] },
    us_id: { type: 'integer' },
    engineer_name: { type: ['string', 'null'] },
    er_text: { type: 'string' },
    er_hours: { type: ['string', 'null'] },
    created_at: { type: 'string' },
  },
};

/** '1, 2,3' → [1, 2, 3]; anything else than positive integer ids is 'Invalid value' on er_ids. */
export function parseReportIds(input: unknown): number[] {
  const body = asObject(input);
  const raw = body.er_ids;
  if (raw === undefined || raw === null) throw invalidField('er_ids', 'validation.required');
  if (typeof raw !== 'string' && typeof raw !== 'number') throw invalidField('er_ids');
  const parts = String(raw)
    .split(',')
    .map((p) => p.trim());
  const ids = parts.map((p) => (/^\d{1,10}$/.test(p) ? Number(p) : NaN));
  if (!ids.length || ids.some((id) => !Number.isInteger(id) || id < 1 || id > MAX_ID)) throw invalidField('er_ids');
  return [...new Set(ids)];
}

/** numeric(6,2) on the wire as a 2-decimal string ('1.50'), whichever way the driver hands it over. */
const hoursText = (v: string | number | null) => (v === null ? null : Number(v).toFixed(2));

export function registerEngineerReportRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/engineerreports/list',
      key,
      gate,
      querystring: listQuerySchema,
      summary: "Engineers' reports, newest first, with the job number and the engineer's name",
      data: { type: 'array', items: rowSchema },
    },
    async (req) => {
      const page = parseListQuery(req.query as ListQuery, LIST);
      const base = dbOf(req).selectFrom('engineer_reports as r').leftJoin('jobs as j', 'j.job_id', 'r.job_id').leftJoin('users as u', 'u.us_id', 'r.us_id');
      let q = base.select(['r.er_id', 'r.job_id', 'j.job_number', 'r.us_id', 'u.fullname as engineer_name', 'r.er_text', 'r.er_hours', 'r.created_at']);
      for (const s of page.sort) q = q.orderBy(sql.ref(s.column), s.desc ? 'desc' : 'asc');
      const [rows, total] = await Promise.all([
        q.limit(page.limit).offset(page.offset).execute(),
        page.withTotal ? base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow() : null,
      ]);
      return {
        data: rows.map((r) => ({ ...r, er_hours: hoursText(r.er_hours), created_at: toWireDate(r.created_at) })),
        totalCount: total ? Number(total.n) : undefined,
      };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/engineerreports/removereports',
      key,
      gate,
      change: true,
      summary: "Removes reports; er_ids is a comma-separated string ('1,2,3')",
      body: objectBody(
        { er_ids: { type: ['string', 'number'], pattern: '^\\s*\\d{1,10}\\s*(,\\s*\\d{1,10}\\s*)*$', 'x-message': 'validation.value', example: '1,2,3' } },
        ['er_ids'],
      ),
      data: { type: 'object', properties: { removed: { type: 'integer' } } },
    },
    async (req) => {
      const ids = parseReportIds(req.body);
      const res = await dbOf(req).deleteFrom('engineer_reports').where('er_id', 'in', ids).executeTakeFirst();
      return { data: { removed: Number(res.numDeletedRows) } };
    },
  );
}
