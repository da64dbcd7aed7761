/**
 * Issue 30's wire names: `GET mails/{id}/routing` (why a mail is filed, by whom, when) and
 * `POST mails/unrouted/filter` (the triage list with its suggestions). Filing one mail from triage
 * is `mails/assignjob`; `POST mails/unrouted/file` files several at once and `GET mails/unrouted/count`
 * is the menu's count. Every filing is recorded as the user's decision (manual.ts).
 */
import type { FastifyInstance } from 'fastify';
import { objectBody } from '../../http/bodySchema';
import { idSchema, listOf } from '../../http/bodyShapes';
import { action, idParams } from '../../http/route';
import { asObject } from '../../http/objects';
import { invalidField } from '../../envelope/errors';
import { modifiableJob } from '../../jobs/access';
import { MAIL_CLIENT_GATE, linkedAccounts, mailNotFound, sessionUserId, visibleMail } from '../client/access';
import { anchorsOf } from '../copies/copies';
import { mailDb, type MailDb } from '../tables';
import { announceFiling, linkByHand, recordManual } from './manual';
import { mailRouting, unroutedCount, unroutedMails } from './read';
import { routingDb } from './tables';

const KEY = 'mails';
const MAX_PAGE = 100;
/** One triage page at most: the SPA files what the user selected on the page. */
const MAX_BULK = 100;

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

  action(
    app,
    {
      method: 'GET',
      url: '/api/mails/unrouted/count',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: "How many mails wait in triage in the user's accounts (the menu's count)",
      data: { type: 'object', properties: { count: { type: 'integer' } } },
    },
    async (req) => {
      const own = (await linkedAccounts(req)).map((l) => l.mailaccount_id);
      return { data: { count: await unroutedCount(routingDb(req.db), own) } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/mails/unrouted/file',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      change: true,
      summary: `Files several mails to one job at once {ma_ids (1..${MAX_BULK}), job_id}: each mail is linked to the job (its other jobs stay) as the user's decision, all or none`,
      body: objectBody(
        {
          ma_ids: { ...listOf('ma_ids', idSchema()), minItems: 1, maxItems: MAX_BULK },
          job_id: idSchema(),
        },
        ['ma_ids', 'job_id'],
      ),
      data: {
        type: 'object',
        properties: { job_id: { type: 'integer' }, job_number: { type: 'string' }, ma_ids: { type: 'array', items: { type: 'integer' } } },
      },
    },
    async (req) => {
      const body = asObject(req.body) as { ma_ids: number[]; job_id: number };
      const ids = [...new Set(body.ma_ids)];
      const db = routingDb(req.db);
      const own = new Set((await linkedAccounts(req)).map((l) => l.mailaccount_id));
      const mails = await db.selectFrom('mails').select(['ma_id', 'mailaccount_id']).where('ma_id', 'in', ids).execute();
      // One mail the user may not read refuses the whole filing, as if it did not exist.
      if (mails.length !== ids.length || mails.some((m) => !own.has(m.mailaccount_id))) throw mailNotFound();
      const job = await db.selectFrom('jobs').select(['job_id', 'job_number']).where('job_id', '=', body.job_id).executeTakeFirst();
      if (!job?.job_number) throw invalidField('job_id');
      await modifiableJob(req, job.job_id);
      const usId = sessionUserId(req);
      // A copy in a second inbox is filed through the message's first copy, which holds its links (copies.ts).
      const anchorOf = await anchorsOf(db as unknown as MailDb, ids);
      const anchors = [...new Set(ids.map((id) => anchorOf.get(id) ?? id))];
      const anchorAccounts = await db.selectFrom('mails').select('mailaccount_id').where('ma_id', 'in', anchors).execute();
      await db.transaction().execute(async (trx) => {
        for (const id of anchors) {
          await linkByHand(trx, id, job.job_id, usId);
          await recordManual(trx, id, usId, { job_number: job.job_number });
        }
        await announceFiling(
          trx,
          [...mails, ...anchorAccounts].map((m) => m.mailaccount_id),
        );
      });
      return { data: { job_id: job.job_id, job_number: job.job_number, ma_ids: ids } };
    },
  );
}
