/** GET jobs/home: the office home page's figures (server/jobs/home/figures.ts), office staff only. */
import type { FastifyInstance } from 'fastify';
import { action } from '../../http/route';
import { JOB_STAFF_GATE } from '../access';
import { jobDb } from '../tables';
import { homeFigures } from './figures';

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const moneyText = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' };
const link = {
  type: 'object',
  additionalProperties: false,
  properties: {
    job_status: { type: 'array', items: { type: 'string' } },
    de_id: { type: 'array', items: { type: 'integer' } },
    engineer: { type: 'integer' },
    end_from: day,
    end_to: day,
    net_sales_max: { type: 'string' },
  },
};
const counted = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  required: ['count', 'link', ...Object.keys(extra)],
  properties: { count: { type: 'integer' }, link, ...extra },
});

export const homeFiguresSchema = {
  type: 'object',
  required: ['today', 'currency', 'month', 'byStatus', 'unbooked', 'overdue', 'quotesAwaiting', 'unbilled', 'notReported', 'marginByDepartment'],
  properties: {
    today: day,
    currency: { type: 'string' },
    month: { type: 'object', required: ['from', 'to'], properties: { from: day, to: day } },
    byStatus: { type: 'array', items: counted({ status: { type: 'string' } }) },
    unbooked: counted(),
    overdue: counted(),
    quotesAwaiting: counted({ value: moneyText }),
    unbilled: counted({ value: moneyText }),
    notReported: {
      type: 'array',
      items: counted({ us_id: { type: 'integer' }, fullname: { type: ['string', 'null'] }, missing: { type: 'integer' } }),
    },
    marginByDepartment: {
      type: 'array',
      items: counted({ de_id: { type: 'integer' }, de_name: { type: ['string', 'null'] }, sales: moneyText, costs: moneyText, margin: moneyText }),
    },
  },
};

export function registerJobHomeRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/jobs/home',
      key: 'jobs',
      gate: JOB_STAFF_GATE,
      summary:
        "The office home page's figures: jobs by status, unbooked, overdue, engineers not reported, quotes awaiting an answer, unbilled completed work, the month's margin by department; each with the sheet filter behind it",
      data: homeFiguresSchema,
    },
    async (req) => ({ data: await homeFigures(jobDb(req.db)) }),
  );
}
