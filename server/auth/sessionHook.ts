/**
 * Looks up the session cookie on every brand-bound request, so each answer can say
 * `metadata.userData.isLogged` and gates know the role. Must run after the brand hook.
 * A busy user's session is in memory (sessionCache.ts), and then the hook finishes without waiting.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionCookieName } from './cookie';
import { groupFromUrl } from '../envelope/envelope';
import { settle } from '../hooks/settle';
import { SESSION_GROUPS, SessionCache, type LookupStart } from './sessionCache';
import type { SessionUser } from './types';
import { findSessionUser, hashToken, sessionLimits, touchSession } from './sessions';

const MAX_HASHES = 10_000;

export function registerSessionHook(app: FastifyInstance, cacheMs: number): void {
  const cache = new SessionCache(cacheMs);
  app.decorate('sessionCache', cache);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);

  // The hash of a token never changes; a busy user's requests need not each compute it again.
  const hashes = new Map<string, string>();
  const hashOf = (token: string) => {
    let hash = hashes.get(token);
    if (hash === undefined) {
      if (hashes.size >= MAX_HASHES) hashes.clear();
      hashes.set(token, (hash = hashToken(token)));
    }
    return hash;
  };

  function adopt(req: FastifyRequest, tokenHash: string, found: { user: SessionUser; lastSeen: Date; at?: number }, since?: LookupStart): void | Promise<void> {
    const schema = req.brand!.schema;
    req.user = { ...found.user };
    req.sessionTokenHash = tokenHash;
    // Only the server's record slides (the idle timeout); the cookie lives for the absolute lifetime.
    if (Date.now() - found.lastSeen.getTime() > sessionLimits().slideEveryMs) {
      return touchSession(req.db!, tokenHash).then(() => {
        cache.set(schema, tokenHash, found.user, new Date());
      });
    }
    if (found.at === undefined) cache.set(schema, tokenHash, found.user, found.lastSeen, since);
  }

  function readSession(req: FastifyRequest): void | Promise<void> {
    if (!req.db || !req.brand) return;
    const token = req.cookies?.[sessionCookieName(req)];
    if (!token || token.length > 200) return;
    const tokenHash = hashOf(token);
    const schema = req.brand.schema;
    const cached = cache.get(schema, tokenHash);
    if (cached) {
      if (cache.refreshDue(cached)) refresh(req.db, schema, tokenHash);
      return adopt(req, tokenHash, cached);
    }
    const since = cache.since(schema);
    return findSessionUser(req.db, tokenHash).then((found) => (found ? adopt(req, tokenHash, found, since) : undefined));
  }

  /** The session read again in the background; the request goes on with what is cached. */
  function refresh(db: NonNullable<FastifyRequest['db']>, schema: string, tokenHash: string): void {
    const since = cache.since(schema);
    findSessionUser(db, tokenHash).then(
      (found) => (found ? cache.set(schema, tokenHash, found.user, found.lastSeen, since) : cache.forgetToken(schema, tokenHash)),
      // The entry expires as it would have; the next request looks the session up itself.
      () => undefined,
    );
  }

  app.addHook('onRequest', (req, _reply, done) => settle(done, readSession(req)));

  // Runs once the change is committed and answered, so the next request reads the new state.
  // The group is read from the route's path (a fixed first segment), known once per route.
  const changesSessions = new Map<string, boolean>();
  const writesSessions = (req: FastifyRequest) => {
    const path = req.routeOptions.url ?? req.url;
    let writes = changesSessions.get(path);
    if (writes === undefined) {
      writes = SESSION_GROUPS.has(groupFromUrl(path));
      if (req.routeOptions.url) changesSessions.set(path, writes);
    }
    return writes;
  };
  app.addHook('onResponse', (req, _reply, done) => {
    if (req.brand && req.method !== 'GET' && writesSessions(req)) cache.forgetBrand(req.brand.schema);
    done();
  });
}
