/**
 * GET mails/changes?since=<token>: whether the user's mail changed since the token the browser
 * holds. The token is the latest `ma_changed_at` (set by the sync as each changed folder or batch
 * commits) over the user's enabled accounts, with the number of those accounts (a newly linked
 * or disabled account changes the list too). One indexed read, so the client can ask every few
 * seconds and reload its list only when the token moved.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { action } from '../../http/route';
import { attachmentDb } from '../sync/attachmentTables';
import { mailDb } from '../tables';
import { MAIL_CLIENT_GATE, sessionUserId } from './access';

export function registerMailChangesRoute(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/mails/changes',
      key: 'mails',
      gate: MAIL_CLIENT_GATE,
      summary: "The user's mail change token; `changed` tells whether it moved since `since`",
      querystring: { type: 'object', properties: { since: { type: 'string', maxLength: 100 } } },
    },
    async (req) => {
      const { since } = req.query as { since?: string };
      const row = await attachmentDb(mailDb(req.db))
        .selectFrom('mailaccount_users as u')
        .innerJoin('mailaccounts as a', 'a.mailaccount_id', 'u.mailaccount_id')
        .select([
          sql<string>`coalesce((extract(epoch from max(a.ma_changed_at)) * 1000000)::bigint, 0)::text`.as('stamp'),
          sql<string>`count(*)::text`.as('accounts'),
        ])
        .where('u.us_id', '=', sessionUserId(req))
        .where('a.ma_enabled', '=', true)
        .executeTakeFirstOrThrow();
      const token = `${row.stamp}.${row.accounts}`;
      return { data: { token, changed: since !== undefined && since !== token } };
    },
  );
}
