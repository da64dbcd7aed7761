/**
 * Looks up the session cookie on every brand-bound request, so each answer can say
 * `metadata.userData.isLogged` and gates know the role. Must run after the brand hook.
 */
import type { FastifyInstance } from 'fastify';
import { setSessionCookie } from './cookie';
import { groupFromUrl } from '../envelope/envelope';
import { SESSION_GROUPS, SessionCache } from './sessionCache';
import { SESSION_COOKIE, SLIDE_EVERY_MS, findSessionUser, hashToken, touchSession } from './sessions';

export function registerSessionHook(app: FastifyInstance, cacheMs: number): void {
  const cache = new SessionCache(cacheMs);
  app.decorate('sessionCache', cache);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.db || !req.brand) return;
    const token = req.cookies?.[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const tokenHash = hashToken(token);
    const schema = req.brand.schema;
    const found = cache.get(schema, tokenHash) ?? (await findSessionUser(req.db, tokenHash));
    if (!found) return;
    req.user = { ...found.user };
    req.sessionTokenHash = tokenHash;
    if (Date.now() - found.lastSeen.getTime() > SLIDE_EVERY_MS) {
      await touchSession(req.db, tokenHash);
      setSessionCookie(req, reply, token);
      cache.set(schema, tokenHash, found.user, new Date());
    } else if (!('at' in found)) {
      cache.set(schema, tokenHash, found.user, found.lastSeen);
    }
  });
  // Runs once the change is committed and answered, so the next request reads the new state.
  app.addHook('onResponse', async (req) => {
    if (!req.brand) return;
    if (req.method !== 'GET' && SESSION_GROUPS.has(groupFromUrl(req.url))) cache.forgetBrand(req.brand.schema);
  });
}
