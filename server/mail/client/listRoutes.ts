/**
 * SPEC.md point 7's other mail calls: `GET mails/list` (the plain CRUD list: the user's mails,
 * newest first, optionally of one account or folder), `POST mails/select` (the ids of every mail
 * matching a filter, for "select all" bulk actions) and `POST mails/sync/{id}` (a user linked to
 * the account asks for its sync now; the same queue as the admins' `mailaccounts/{id}/sync`).
 */
import type { FastifyInstance } from 'fastify';
import { action, idParams } from '../../http/route';
import { listQuerySchema, parseListQuery, type ListQuery } from '../../http/listQuery';
import { requestSync } from '../queue/requestSync';
import { mailDb } from '../tables';
import { MAIL_CLIENT_GATE, linkedAccounts, listedAccountIds, recordForbidden } from './access';
import { mailFilterBody, parseMailFilter } from './filterBody';
import { listMails } from './mailList';
import { MAIL_LIST, userZone } from './readRoutes';

const KEY = 'mails';
/** At most this many ids per select: the bulk PATCH takes as many. */
export const MAX_SELECT = 500;
const idQuery = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const listQuery = { ...listQuerySchema, properties: { ...listQuerySchema.properties, mailaccount_id: idQuery, ifolder_id: idQuery } };
const NO_FILTER = { before: null, ifolder_id: null, mt_id: null, mf_id: null, stext: null, is_seen: null, is_flagged: null, is_deleted: false };

export function registerMailListRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/mails/list',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: "The user's mails, newest first (?mailaccount_id, ?ifolder_id, limit, pagenumber, totalcount)",
      querystring: listQuery,
    },
    async (req) => {
      const q = req.query as ListQuery & { mailaccount_id?: number; ifolder_id?: number };
      const ids = listedAccountIds(await linkedAccounts(req), q.mailaccount_id ? [q.mailaccount_id] : []);
      const { rows, total } = await listMails(
        mailDb(req.db),
        ids,
        { ...NO_FILTER, mailaccount_ids: ids, ifolder_id: q.ifolder_id ?? null },
        parseListQuery(q, MAIL_LIST),
        userZone(req),
      );
      return { data: rows, totalCount: total };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/mails/select',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: `The ids of the mails matching a filter (the body of mails/filter), newest first, at most ${MAX_SELECT}; totalCount counts them all`,
      body: mailFilterBody,
    },
    async (req) => {
      const filter = parseMailFilter(req.body);
      const ids = listedAccountIds(await linkedAccounts(req), filter.mailaccount_ids);
      const { rows, total } = await listMails(
        mailDb(req.db),
        ids,
        { ...filter, before: null, is_deleted: false },
        { limit: MAX_SELECT, offset: 0, withTotal: true },
        userZone(req),
      );
      return { data: rows.map((r) => r.ma_id), totalCount: total ?? 0 };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/mails/sync/:id',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      params: idParams,
      status: 202,
      summary: 'Asks for a sync of one of the accounts linked to the user now (202)',
    },
    async (req) => {
      const { id } = req.params as { id: number };
      const link = (await linkedAccounts(req)).find((l) => l.mailaccount_id === id);
      // An account that is not linked (or disabled, or of nobody) is refused alike: its existence is not told.
      if (!link) throw recordForbidden();
      if (!link.has_incoming) return { data: { mailaccount_id: id, sync: 'no_server' } };
      return { data: { mailaccount_id: id, sync: await requestSync(req, id) } };
    },
  );
}
