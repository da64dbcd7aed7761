/**
 * GET customerportal/{id}/messages: the messages this customer sent the office about the job
 * (POST {id}/message records each in the job's history, action 'customer_message'), newest first,
 * so they can see what they already said. Only their own: a job can be in the scope of several
 * customer users (a landlord and their agent), who do not read each other's notes to the office.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Gate } from '../../core/access/access';
import type { CustomerSentMessage } from '../../core/customerportal/types';
import { toWireDate } from '../envelope/datetime';
import { action, idParams } from '../http/route';
import { loadScope, scopedJob, type CustomerScope } from './scope';
import { customerDb, type CustomerDb } from './tables';

/** The newest this many; a job's notes to the office are far fewer. */
export const CUSTOMER_MESSAGES_MAX = 50;

export async function sentMessages(db: CustomerDb, scope: CustomerScope, jobId: number): Promise<CustomerSentMessage[]> {
  const job = await scopedJob(db, scope, jobId);
  const rows = await db
    .selectFrom('job_history')
    .select(['jh_id', 'jh_changes', 'created_at'])
    .where('job_id', '=', job.job_id)
    .where('us_id', '=', scope.usId)
    .where('jh_action', '=', 'customer_message')
    .orderBy('created_at', 'desc')
    .orderBy('jh_id', 'desc')
    .limit(CUSTOMER_MESSAGES_MAX)
    .execute();
  return rows.map((r) => ({
    jh_id: Number(r.jh_id),
    text: String((r.jh_changes as { text?: unknown }).text ?? ''),
    sent_at: toWireDate(r.created_at as Date)!,
  }));
}

const messageSchema = {
  type: 'array',
  items: { type: 'object', properties: { jh_id: { type: 'integer' }, text: { type: 'string' }, sent_at: { type: 'string' } } },
};

export function registerCustomerMessageRoutes(app: FastifyInstance, gate: Gate): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/customerportal/:id/messages',
      key: 'customerportal',
      gate,
      params: idParams,
      data: messageSchema,
      summary: `The messages this customer sent the office about the job, newest first, at most ${CUSTOMER_MESSAGES_MAX}`,
    },
    async (req: FastifyRequest) => {
      const db = customerDb(req.db);
      return { data: await sentMessages(db, await loadScope(req, db), (req.params as { id: number }).id) };
    },
  );
}
