/** GET xeroadmin/dashboard (Developer): the accounting dashboard's numbers (./dashboard.ts). */
import type { FastifyInstance } from 'fastify';
import { ACCOUNTING_DEV_GATE, SYNC_PENDING_STATUSES } from '../../core/accounting/constants';
import { rootOfBound } from '../db/types';
import { action } from '../http/route';
import { oauthDb } from './connection';
import { xeroDashboard } from './dashboard';

const int = { type: 'integer' };
const text = { type: ['string', 'null'] };
const count = { type: 'object', properties: { calls: int, throttled: int } };

const dashboardData = {
  type: 'object',
  properties: {
    connected: { type: 'boolean' },
    status: { type: 'string', enum: ['connected', 'not_connected', 'reconnect_needed'] },
    organisation: text,
    limits: { type: 'object', properties: { perMinute: int, perDay: int, concurrent: int, budgetPerMinute: int, budgetPerDay: int } },
    perMinute: { type: 'array', items: { ...count, properties: { ...count.properties, at: { type: 'string' } } } },
    perDay: { type: 'array', items: { ...count, properties: { ...count.properties, day: { type: 'string' } } } },
    budget: { type: 'object', properties: { minuteRemaining: int, dayRemaining: int, inFlight: int, blockedUntil: text } },
    xeroRemaining: {
      type: 'object',
      properties: {
        minute: { type: ['integer', 'null'] },
        day: { type: ['integer', 'null'] },
        appMinute: { type: ['integer', 'null'] },
        seenAt: text,
        problem: text,
      },
    },
    queue: { type: 'object', properties: Object.fromEntries(SYNC_PENDING_STATUSES.map((s) => [s, int])) },
    resources: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          resource: { type: 'string' },
          next_page: int,
          progress_done: int,
          progress_total: int,
          modified_since: text,
          last_run_at: text,
          last_error: text,
        },
      },
    },
  },
};

export function registerDashboardRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/xeroadmin/dashboard',
      key: 'xeroadmin',
      gate: ACCOUNTING_DEV_GATE,
      data: dashboardData,
      summary: 'The Xero tenant’s calls per minute (last hour) and per day (last week) against the limits, the remaining budget, queue depth and pulls',
    },
    async (req) => {
      const root = rootOfBound(req.db!);
      if (!root) throw new Error('xeroadmin/dashboard: the request database is not a brand-bound instance');
      return { data: await xeroDashboard(oauthDb(req), root, req.brand!.schema) };
    },
  );
}
