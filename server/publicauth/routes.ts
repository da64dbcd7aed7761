/**
 * Public account calls of the auth group: isRegistrationAllowed, register,
 * getNewPasswordResetToken and resetPassword (SPEC.md points 2, 4, 5, 8). Register and reset end
 * signed in, like login. The reset request answers the same whether or not the address exists.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isFeatureOn } from '../../src/access/access';
import { enText } from '../../src/i18n/en-US';
import { setSessionCookie } from '../auth/cookie';
import { currentUserSchema, toCurrentUser } from '../auth/currentUser';
import { hashPassword } from '../auth/password';
import { createSession } from '../auth/sessions';
import type { SessionUser } from '../auth/types';
import type { RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { conflict, rateLimited, validationError, type FieldMessage } from '../envelope/errors';
import { accountKey, ipKey, isLocked, recordFailure } from '../auth/rateLimit';
import { logInternalError } from '../envelope/errorLog';
import { responses } from '../envelope/schemas';
import { registerPrelogin } from './prelogin';
import { EMAIL_RE, HASH_RE, mailAddressBody, requestOrigin, requireFeatures } from './shared';
import { sendSystemMail } from './systemMail';
import { consumeResetToken, createResetToken, RESET_TOKEN_MINUTES } from './tokens';

const key = 'auth';
const tags = ['auth'];
const USER_COLUMNS = ['us_id', 'email', 'role', 'firstname', 'surname', 'nickname', 'fullname', 'is_hidden', 'settings'] as const;
/** Publicly registered people are customers: they see their own jobs in the customer portal. */
export const REGISTERED_ROLE = 'Customer';

const hashField = { type: 'string', maxLength: 200, description: 'lowercase hex SHA-256 of the typed password' };
const registerBody = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: 100 },
    firstname: { type: 'string', maxLength: 100 },
    surname: { type: 'string', maxLength: 100 },
    password: hashField,
    password_again: hashField,
    accept_terms: { type: 'boolean' },
  },
  required: ['email', 'firstname', 'surname', 'password', 'password_again', 'accept_terms'],
  additionalProperties: false,
} as const;
const resetBody = {
  type: 'object',
  properties: { token: { type: ['string', 'null'], maxLength: 200 }, password: hashField, password_again: hashField },
  required: ['password', 'password_again'],
  additionalProperties: false,
} as const;

function passwordProblems(b: { password: string; password_again: string }): FieldMessage[] {
  const problems: FieldMessage[] = [];
  if (!HASH_RE.test(b.password)) problems.push({ field: 'password', message: enText('validation.required') });
  if (b.password !== b.password_again) problems.push({ field: 'password_again', message: enText('validation.passwordsMatch') });
  return problems;
}

async function signIn(req: FastifyRequest, usId: number) {
  const db = req.db!;
  const row = await db.selectFrom('users').select([...USER_COLUMNS]).where('us_id', '=', usId).executeTakeFirstOrThrow();
  const user = { ...row, settings: (row.settings ?? {}) as Record<string, unknown> } as SessionUser;
  return { user, token: await createSession(db, usId, req.ip || null, req.headers['user-agent'] ?? null) };
}

export function registerPublicAuthRoutes(app: FastifyInstance, root: RootDb): void {
  registerPrelogin(app, root);

  app.get(
    '/api/auth/isRegistrationAllowed',
    { config: { envelopeKey: key }, schema: { tags, summary: "Whether this brand takes public registrations", response: responses(key, { type: 'boolean' }) } },
    async (req, reply) => sendOk(req, reply, isFeatureOn(req.brand?.config.features, 'auth.publicRegistration')),
  );

  app.post<{ Body: { email: string; firstname: string; surname: string; password: string; password_again: string; accept_terms: boolean } }>(
    '/api/auth/register',
    { config: { envelopeKey: key, gate: { requiredFeatures: ['auth.publicRegistration'] } }, preHandler: requireFeatures(), schema: { tags, summary: `Create an account (role ${REGISTERED_ROLE}) and sign in`, body: registerBody, response: responses(key, currentUserSchema, 201) } },
    async (req, reply) => {
      const b = req.body;
      const email = b.email.trim().toLowerCase();
      const problems = passwordProblems(b);
      if (!EMAIL_RE.test(email)) problems.unshift({ field: 'email', message: enText('validation.email') });
      if (!b.firstname.trim()) problems.push({ field: 'firstname', message: enText('validation.required') });
      if (!b.surname.trim()) problems.push({ field: 'surname', message: enText('validation.required') });
      if (b.accept_terms !== true) problems.push({ field: 'accept_terms', message: enText('validation.terms') });
      if (problems.length) throw validationError(problems);
      const db = req.db!;
      const exists = await db.selectFrom('users').select('us_id').where('email', '=', email).executeTakeFirst();
      if (exists) throw conflict(enText('errors.duplicate'), 'email');
      const row = await db
        .insertInto('users')
        .values({ email, password_hash: await hashPassword(b.password), role: REGISTERED_ROLE, firstname: b.firstname.trim(), surname: b.surname.trim(), fullname: `${b.firstname.trim()} ${b.surname.trim()}`, settings: '{}' })
        .returning('us_id')
        .executeTakeFirstOrThrow();
      const { user, token } = await signIn(req, row.us_id);
      setSessionCookie(req, reply, token);
      req.user = user;
      return sendOk(req, reply, toCurrentUser(user), { status: 201 });
    },
  );

  app.post<{ Body: { mail_address: string } }>(
    '/api/auth/getNewPasswordResetToken',
    {
      config: { envelopeKey: key, gate: { requiredFeatures: ['auth.publicRegistration', 'auth.passwordReset'] } },
      preHandler: requireFeatures('auth.passwordReset'),
      schema: { tags, summary: `Mail a one-time reset link (valid ${RESET_TOKEN_MINUTES} minutes); the answer is the same for unknown addresses`, body: mailAddressBody, response: responses(key, { type: 'string' }) },
    },
    async (req, reply) => {
      const email = req.body.mail_address.trim().toLowerCase();
      // Every request counts, known address or not, so the limit itself reveals nothing; it stops mail bombing.
      const account = accountKey(req.brand!.schema, `reset:${email}`);
      const ip = ipKey(`reset:${req.ip || 'unknown'}`);
      if (await isLocked(root, account, ip)) throw rateLimited();
      await recordFailure(root, account, ip);
      const user = EMAIL_RE.test(email) ? await req.db!.selectFrom('users').select(['us_id', 'email']).where('email', '=', email).executeTakeFirst() : undefined;
      if (user) {
        const token = await createResetToken(req.db!, user.us_id);
        const link = `${requestOrigin(req)}/reset-password?token=${encodeURIComponent(token)}`;
        const brandName = req.brand!.config.customSettings.visibleName || req.brand!.config.name;
        // Not awaited: the answer must take as long for an unknown address as for a known one.
        void sendSystemMail(req.db!, {
          to: user.email,
          subject: `${brandName}: ${enText('auth.resetSubject')}`,
          text: `${enText('auth.resetIntro')}\n\n${link}\n\n${enText('auth.resetExpiry').replace('%s', String(RESET_TOKEN_MINUTES))}`,
        }).catch((err) => logInternalError(root, req, err));
      }
      return sendOk(req, reply, enText('auth.resetRequested'));
    },
  );

  app.post<{ Body: { token?: string | null; password: string; password_again: string } }>(
    '/api/auth/resetPassword',
    {
      config: { envelopeKey: key, gate: { requiredFeatures: ['auth.publicRegistration', 'auth.passwordReset'] } },
      preHandler: requireFeatures('auth.passwordReset'),
      schema: { tags, summary: 'Set a new password with a reset token (once) and sign in', body: resetBody, response: responses(key, currentUserSchema) },
    },
    async (req, reply) => {
      const b = req.body;
      const token = b.token?.trim();
      if (!token) throw validationError([{ field: 'token', message: enText('errors.missingToken') }]);
      const problems = passwordProblems(b);
      if (problems.length) throw validationError(problems);
      const db = req.db!;
      const usId = await consumeResetToken(db, token);
      if (usId === null) throw validationError([{ field: 'token', message: enText('errors.tokenInvalid') }]);
      await db.updateTable('users').set({ password_hash: await hashPassword(b.password) }).where('us_id', '=', usId).execute();
      // Whoever knew the old password is signed out everywhere.
      await db.deleteFrom('sessions').where('us_id', '=', usId).execute();
      const { user, token: sid } = await signIn(req, usId);
      setSessionCookie(req, reply, sid);
      req.user = user;
      return sendOk(req, reply, toCurrentUser(user));
    },
  );
}
