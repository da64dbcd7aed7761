/**
 * The signed-in user's own sessions, for the settings page: POST auth/sessions/filter lists them
 * (device, address, first and last use; the one of this request is `current`), DELETE
 * auth/sessions/{id} ends one of them at once (another user's id is 404). The react-admin data
 * provider calls them as the resource 'auth/sessions'.
 */
import type { FastifyInstance } from 'fastify';
import { toWire } from '../envelope/datetime';
import { notFound } from '../envelope/errors';
import { action } from '../http/route';
import { deleteUserSession, listUserSessions } from './sessions';

const gate = { roles: ['ANY'] } as const;
const key = 'auth';

const sessionSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    ses_id: { type: 'string' },
    created_at: { type: 'string' },
    last_seen_at: { type: 'string' },
    expires_at: { type: 'string' },
    ip: { type: ['string', 'null'] },
    user_agent: { type: ['string', 'null'] },
    current: { type: 'boolean' },
  },
} as const;

export function registerSessionRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/auth/sessions/filter',
      key,
      gate,
      summary: 'My open sessions (device, address, last use), most recently used first',
      docBody: { type: 'object', properties: {} },
      data: { type: 'array', items: sessionSchema },
    },
    async (req) => {
      const rows = await listUserSessions(req.db!, req.user!.us_id, req.sessionTokenHash);
      const data = rows.map((r) => toWire({ id: r.ses_id, ...r }));
      return { data, totalCount: data.length };
    },
  );

  action(
    app,
    {
      method: 'DELETE',
      url: '/api/auth/sessions/:id',
      key,
      gate,
      change: true,
      summary: 'End one of my sessions now (the current one too: that is a logout)',
      params: { type: 'object', properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } }, required: ['id'] },
      data: { type: 'null' },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const tokenHash = await deleteUserSession(req.db!, req.user!.us_id, id);
      if (!tokenHash) throw notFound();
      // This process forgets it now; the whole brand's cache is dropped once answered (sessionHook.ts).
      req.server.sessionCache.forgetToken(req.brand!.schema, tokenHash);
      return { data: null };
    },
  );
}
