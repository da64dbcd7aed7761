/**
 * Issue 30's wire names: `GET mails/{id}/routing` (why a mail is filed, by whom, when) and
 * `POST mails/unrouted/filter` (the triage list with its suggestions). Filing from triage is
 * `mails/assignjob`, which records the user's decision (manual.ts).
 */
import type { FastifyInstance } from 'fastify';
import { objectBody } from '../../http/bodySchema';
import { idSchema, listOf } from '../../http/bodyShapes';
import { action, idParams } from '../../http/route';
import { asObject } from '../../http/objects';
import { MAIL_CLIENT_GATE, linkedAccounts, visibleMail } from '../client/access';
import { mailDb } from '../tables';
import { mailRouting, unroutedMails } from './read';
import { routingDb } from './tables';

const KEY = 'mails';
const MAX_PAGE = 100;

const suggestionSchema = {
  type: 'object',
  properties: { job_id: { type: 'integer' }, job_number: { type: 'string' }, score: { type: 'number' }, reason: { type: 'string' } },
};

export function registerMailRoutingRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/mails/:id/routing',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: 'Why the mail is filed to its job(s): job_ids, reason code and text, by (router or a user), at',
      params: idParams,
      data: {
        type: 'object',
        properties: {
          ma_id: { type: 'integer' },
          job_ids: { type: 'array', items: { type: 'integer' } },
          reason: { type: ['string', 'null'] },
          reason_params: { type: 'object', additionalProperties: { type: 'string' } },
          reason_text: { type: ['string', 'null'] },
          by: {
            anyOf: [{ type: 'string' }, { type: 'null' }, { type: 'object', properties: { us_id: { type: 'integer' }, name: { type: 'string' } } }],
          },
          at: { type: ['string', 'null'] },
        },
      },
    },
    async (req) => {
      const { id } = req.params as { id: number };
      const db = mailDb(req.db);
      const { mail } = await visibleMail(req, id, db);
      return { data: await mailRouting(routingDb(db), Number(mail.ma_id)) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/mails/unrouted/filter',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: `Mails no rule filed (triage), newest first, with ranked suggestions; {mailaccount_ids?, limit? (1..${MAX_PAGE}), pagenumber?}`,
      body: objectBody({
        mailaccount_ids: listOf('mailaccount_ids', idSchema()),
        limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE },
        pagenumber: { type: 'integer', minimum: 1, maximum: 100000 },
      }),
      data: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            ma_id: { type: 'integer' },
            mailaccount_id: { type: 'integer' },
            mail_subject: { type: ['string', 'null'] },
            mail_from: { anyOf: [{ type: 'null' }, { type: 'object', properties: { name: { type: 'string' }, address: { type: 'string' } } }] },
            mail_date: { type: ['string', 'null'] },
            suggestions: { type: 'array', items: suggestionSchema },
          },
        },
      },
    },
    async (req) => {
      const body = asObject(req.body) as { mailaccount_ids?: number[]; limit?: number; pagenumber?: number };
      const own = (await linkedAccounts(req)).map((l) => l.mailaccount_id);
      const wanted = body.mailaccount_ids?.length ? own.filter((id) => body.mailaccount_ids!.includes(id)) : own;
      const limit = body.limit ?? 25;
      const { rows, total } = await unroutedMails(routingDb(req.db), wanted, limit, ((body.pagenumber ?? 1) - 1) * limit);
      return { data: rows, totalCount: total };
    },
  );
}
