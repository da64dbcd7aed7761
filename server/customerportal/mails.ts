/**
 * GET customerportal/{id}/mails: the job's mails the customer may read (issue 24: "the job's mails
 * that are visible to the client"). Mails carry no visibility flag, so the rule is who took part: a
 * mail linked to the job (mail_job_links), not deleted or spam, whose sender or a To/Cc recipient is
 * the customer's side, i.e. the customer's own address or an address of their client contacts or
 * property managers. Mails among staff, with suppliers or engineers stay internal; Bcc never counts
 * (it would reveal hidden recipients) and is never shown. The same message synced into several
 * accounts is listed once. Plain text only (the HTML body stays the staff client's, sanitised there).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Gate } from '../../core/access/access';
import type { CustomerJobMail } from '../../core/customerportal/types';
import { toWireDate } from '../envelope/datetime';
import { action, idParams } from '../http/route';
import { linkedToJob } from '../mail/client/jobLinks';
import { mailDb } from '../mail/tables';
import { loadScope, scopedJob, type CustomerScope } from './scope';
import { customerDb, type CustomerDb } from './tables';

/** The newest this many; a job's customer correspondence is far shorter. */
export const CUSTOMER_MAILS_MAX = 100;

/** The customer's side: their own address and their clients' and managers' addresses, lower case. */
export async function customerAddresses(db: CustomerDb, scope: CustomerScope, ownEmail: string): Promise<string[]> {
  const [clients, managers] = await Promise.all([
    scope.clientIds.length ? db.selectFrom('contacts').select('co_email as email').where('co_id', 'in', scope.clientIds).execute() : [],
    scope.pmIds.length ? db.selectFrom('propertymanagers').select('pm_email as email').where('pm_id', 'in', scope.pmIds).execute() : [],
  ]);
  const all = [ownEmail, ...clients.map((c) => c.email), ...managers.map((m) => m.email)];
  return [...new Set(all.filter((e): e is string => !!e && !!e.trim()).map((e) => e.trim().toLowerCase()))];
}

export async function customerJobMails(db: CustomerDb, scope: CustomerScope, jobId: number, ownEmail: string): Promise<CustomerJobMail[]> {
  const job = await scopedJob(db, scope, jobId);
  const addresses = await customerAddresses(db, scope, ownEmail);
  const list = sql.join(addresses.map((a) => sql`${a}`));
  const rows = await mailDb(db)
    .selectFrom('mails as m')
    .distinctOn('m.message_id')
    .select(['m.ma_id', 'm.message_id', 'm.mail_subject', 'm.mail_from', 'm.mail_to_arr', 'm.mail_cc_arr', 'm.mail_date', 'm.mail_text'])
    .where((eb) => linkedToJob(eb, job.job_id))
    .where('m.is_deleted', '=', false)
    .where('m.is_spam', '=', false)
    .where(
      sql<boolean>`(lower(m.mail_from->>'address') in (${list})
        or exists (select 1 from jsonb_array_elements(m.mail_to_arr || m.mail_cc_arr) as r(a) where lower(r.a->>'address') in (${list})))`,
    )
    .orderBy('m.message_id')
    .orderBy('m.ma_id')
    .execute();
  return rows
    .map((r) => ({
      ma_id: Number(r.ma_id),
      mail_subject: r.mail_subject,
      mail_from: r.mail_from,
      mail_to_arr: r.mail_to_arr ?? [],
      mail_cc_arr: r.mail_cc_arr ?? [],
      mail_date: r.mail_date ? toWireDate(r.mail_date) : null,
      mail_text: r.mail_text,
    }))
    .sort((a, b) => (b.mail_date ?? '').localeCompare(a.mail_date ?? '') || b.ma_id - a.ma_id)
    .slice(0, CUSTOMER_MAILS_MAX);
}

const address = { type: 'object', properties: { name: { type: ['string', 'null'] }, address: { type: 'string' } } };
const mailSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      ma_id: { type: 'integer' },
      mail_subject: { type: ['string', 'null'] },
      mail_from: { ...address, type: ['object', 'null'] },
      mail_to_arr: { type: 'array', items: address },
      mail_cc_arr: { type: 'array', items: address },
      mail_date: { type: ['string', 'null'] },
      mail_text: { type: ['string', 'null'] },
    },
  },
};

export function registerCustomerMailRoutes(app: FastifyInstance, gate: Gate): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/customerportal/:id/mails',
      key: 'customerportal',
      gate,
      params: idParams,
      data: mailSchema,
      summary: `The job's mails the customer took part in (from or to their address, their clients' or managers'), newest first, at most ${CUSTOMER_MAILS_MAX}; plain text`,
    },
    async (req: FastifyRequest) => {
      const db = customerDb(req.db);
      const scope = await loadScope(req, db);
      return { data: await customerJobMails(db, scope, (req.params as { id: number }).id, req.user!.email) };
    },
  );
}
