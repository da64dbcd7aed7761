/**
 * Looks up the session cookie on every brand-bound request, so each answer can say
 * `metadata.userData.isLogged` and gates know the role. Must run after the brand hook.
 */
import type { FastifyInstance } from 'fastify';
import { setSessionCookie } from './cookie';
import { SESSION_COOKIE, SLIDE_EVERY_MS, findSessionUser, hashToken, touchSession } from './sessions';

export function registerSessionHook(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.db) return;
    const token = req.cookies?.[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const tokenHash = hashToken(token);
    const found = await findSessionUser(req.db, tokenHash);
    if (!found) return;
    req.user = found.user;
    req.sessionTokenHash = tokenHash;
    if (Date.now() - found.lastSeen.getTime() > SLIDE_EVERY_MS) {
      await touchSession(req.db, tokenHash);
      setSessionCookie(req, reply, token);
    }
  });
}
