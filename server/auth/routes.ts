/** POST /api/auth/login, GET /api/auth/whoami, GET /api/auth/logout (CONTRACT-NOTES "Auth"). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isRole } from '../../core/access/roles';
import { enText } from '../../core/i18n/en-US';
import type { RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { AppError, forbidden } from '../envelope/errors';
import { responses } from '../envelope/schemas';
import { clearSessionCookie, deviceCookieName, setDeviceCookie, setSessionCookie } from './cookie';
import { currentUserSchema, toCurrentUser } from './currentUser';
import { dummyHash, verifyPassword } from './password';
import { accountKey, checkLogin, loginSucceeded, record } from './rateLimit';
import { registerSessionRoutes } from './sessionRoutes';
import { createSession, deleteSession } from './sessions';
import { isSameOrigin } from './origin';

const invalidLogin = () => new AppError({ code: 'AUTH_REQUIRED', status: 401, primary: enText('errors.invalidLogin') });

const loginBody = {
  type: 'object',
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 200, description: 'lowercase hex SHA-256 of the typed password' },
  },
  required: ['email', 'password'],
} as const;

function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown';
}

export function registerAuthRoutes(app: FastifyInstance, root: RootDb): void {
  const key = 'auth';
  registerSessionRoutes(app);

  app.post<{ Body: { email: string; password: string } }>(
    '/api/auth/login',
    {
      config: { envelopeKey: key },
      schema: { tags: ['auth'], summary: 'Log in; sets the sid cookie', body: loginBody, response: responses(key, currentUserSchema) },
    },
    async (req, reply) => {
      const db = req.db!;
      const schema = req.brand!.schema;
      const email = req.body.email.trim().toLowerCase();
      const account = accountKey(schema, email);
      // Refuses (429) a browser over a limit unless it signed in to this account before; that one is slowed down.
      const check = await checkLogin(root, account, clientIp(req), req.cookies?.[deviceCookieName(req)]);

      const user = await db
        .selectFrom('users')
        .select(['us_id', 'email', 'password_hash', 'role', 'firstname', 'surname', 'nickname', 'fullname', 'is_hidden', 'settings'])
        .where('email', '=', email)
        .executeTakeFirst();
      // Unknown accounts still pay for one scrypt, so timing does not reveal which emails exist.
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), req.body.password);
      // A hidden user no longer signs in; the answer is the one for a wrong password.
      if (!user || !ok || user.is_hidden) {
        await record(root, check.failureKeys);
        throw invalidLogin();
      }
      const device = await loginSucceeded(root, account, check);
      // A fresh token at every login, so a token planted before login is worthless (session fixation).
      if (req.sessionTokenHash) await deleteSession(db, req.sessionTokenHash);
      const token = await createSession(db, user.us_id, clientIp(req), req.headers['user-agent'] ?? null);
      setSessionCookie(req, reply, token);
      // The browser is remembered as one that signed in to this account (server/auth/rateLimit.ts).
      if (device) setDeviceCookie(req, reply, device);
      const { password_hash: _omit, ...rest } = user;
      req.user = { ...rest, role: isRole(rest.role) ? rest.role : null, settings: (rest.settings ?? {}) as Record<string, unknown> };
      return sendOk(req, reply, toCurrentUser(req.user));
    },
  );

  app.get(
    '/api/auth/whoami',
    {
      config: { envelopeKey: key },
      schema: { tags: ['auth'], summary: 'The current user, or { is_loggedin: false } (never 401)', response: responses(key, currentUserSchema) },
    },
    async (req, reply) => sendOk(req, reply, req.user ? toCurrentUser(req.user) : { is_loggedin: false }),
  );

  app.get(
    '/api/auth/logout',
    {
      config: { envelopeKey: key },
      schema: { tags: ['auth'], summary: 'Ends the session server-side and clears the cookie', response: responses(key, { type: 'null' }) },
    },
    async (req, reply) => {
      // A GET is not state-changing for the origin check, but this one is: a link or image on
      // another site (Sec-Fetch-Site cross-site, or another Origin) must not end the session.
      if (!isSameOrigin(req)) throw forbidden('brand');
      if (req.sessionTokenHash) {
        await deleteSession(req.db!, req.sessionTokenHash);
        if (req.brand) req.server.sessionCache.forgetToken(req.brand.schema, req.sessionTokenHash);
      }
      req.user = null;
      req.sessionTokenHash = null;
      clearSessionCookie(req, reply);
      return sendOk(req, reply, null);
    },
  );
}
