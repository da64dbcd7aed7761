/**
 * Public account calls of the auth group: isRegistrationAllowed, register, confirmRegistration,
 * getNewPasswordResetToken and resetPassword (SPEC.md points 2, 4, 5, 8).
 *
 * Register answers the same whether or not the address has an account (202, "we sent a mail"):
 * a new address gets a one-time link that finishes the registration (confirmRegistration, which
 * ends signed in, like login and reset); a known one gets a mail saying it has an account, with
 * the sign-in and reset links. The reset request answers the same whether or not the address
 * exists. Links are built from the brand's configured address, never the request's Host. Every
 * request of register and of the reset request counts against a limit per client address and per
 * target address, known or not.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isFeatureOn } from '../../core/access/access';
import { enText } from '../../core/i18n/en-US';
import { setSessionCookie } from '../auth/cookie';
import { currentUserSchema, toCurrentUser } from '../auth/currentUser';
import { hashPassword } from '../auth/password';
import { hashedPasswordProblem } from '../auth/passwordPolicy';
import { createSession } from '../auth/sessions';
import type { SessionUser } from '../auth/types';
import type { RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { validationError, type FieldMessage } from '../envelope/errors';
import { throttle } from '../auth/rateLimit';
import { logInternalError } from '../envelope/errorLog';
import { responses } from '../envelope/schemas';
import { registerPrelogin } from './prelogin';
import { brandOrigin, EMAIL_RE, HASH_RE, mailAddressBody, NoBrandAddress, requireFeatures } from './shared';
import { sendSystemMail } from './systemMail';
import { consumePendingRegistration, createPendingRegistration, resetTokens, RESET_TOKEN_MINUTES } from './tokens';

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
const registerAnswerSchema = {
  type: 'object',
  properties: { is_loggedin: { type: 'boolean' }, mail_sent: { type: 'boolean' }, message: { type: 'string' } },
} as const;

const resetBody = {
  type: 'object',
  properties: { token: { type: ['string', 'null'], maxLength: 200 }, password: hashField, password_again: hashField },
  required: ['password', 'password_again'],
  additionalProperties: false,
} as const;

/** Per client address and per target address, in 15 minutes. */
export const REGISTER_PER_ADDRESS = 10;
export const REGISTER_PER_EMAIL = 3;
export const RESET_PER_ADDRESS = 20;
export const RESET_PER_EMAIL = 5;

function passwordProblems(b: { password: string; password_again: string }): FieldMessage[] {
  const problems: FieldMessage[] = [];
  if (!HASH_RE.test(b.password)) problems.push({ field: 'password', message: enText('validation.required') });
  else {
    const weak = hashedPasswordProblem(b.password);
    if (weak) problems.push({ field: 'password', message: enText(weak) });
  }
  if (b.password !== b.password_again) problems.push({ field: 'password_again', message: enText('validation.passwordsMatch') });
  return problems;
}

/** A session for the user (after a link or a new password), as login starts it. */
export async function signIn(req: FastifyRequest, usId: number) {
  const db = req.db!;
  const row = await db
    .selectFrom('users')
    .select([...USER_COLUMNS])
    .where('us_id', '=', usId)
    .executeTakeFirstOrThrow();
  const user = { ...row, settings: (row.settings ?? {}) as Record<string, unknown> } as SessionUser;
  return { user, token: await createSession(db, usId, req.ip || null, req.headers['user-agent'] ?? null) };
}

export function registerPublicAuthRoutes(app: FastifyInstance, root: RootDb): void {
  registerPrelogin(app, root);

  app.get(
    '/api/auth/isRegistrationAllowed',
    { config: { envelopeKey: key }, schema: { tags, summary: 'Whether this brand takes public registrations', response: responses(key, { type: 'boolean' }) } },
    async (req, reply) => sendOk(req, reply, isFeatureOn(req.brand?.config.features, 'auth.publicRegistration')),
  );

  app.post<{ Body: { email: string; firstname: string; surname: string; password: string; password_again: string; accept_terms: boolean } }>(
    '/api/auth/register',
    {
      config: { envelopeKey: key, gate: { requiredFeatures: ['auth.publicRegistration'] } },
      preHandler: requireFeatures(),
      schema: {
        tags,
        summary: `Ask for an account (role ${REGISTERED_ROLE}): a mail finishes it; the answer is the same for a known address`,
        body: registerBody,
        response: responses(key, registerAnswerSchema, 202),
      },
    },
    async (req, reply) => {
      const b = req.body;
      const email = b.email.trim().toLowerCase();
      const problems = passwordProblems(b);
      if (!EMAIL_RE.test(email)) problems.unshift({ field: 'email', message: enText('validation.email') });
      if (!b.firstname.trim()) problems.push({ field: 'firstname', message: enText('validation.required') });
      if (!b.surname.trim()) problems.push({ field: 'surname', message: enText('validation.required') });
      if (b.accept_terms !== true) problems.push({ field: 'accept_terms', message: enText('validation.terms') });
      if (problems.length) throw validationError(problems);
      const schema = req.brand!.schema;
      await throttle(root, [
        [`register-ip:${req.ip || 'unknown'}`, REGISTER_PER_ADDRESS],
        [`register:${schema}:${email}`, REGISTER_PER_EMAIL],
      ]);
      const db = req.db!;
      // Both paths pay for one scrypt, so the time taken does not tell them apart either.
      const [exists, passwordHash] = await Promise.all([
        db.selectFrom('users').select('us_id').where('email', '=', email).executeTakeFirst(),
        hashPassword(b.password),
      ]);
      const origin = brandOrigin(req);
      const brandName = req.brand!.config.customSettings.visibleName || req.brand!.config.name;
      const minutes = RESET_TOKEN_MINUTES;
      let text: string;
      if (exists) {
        text = `${enText('auth.registerExists')}\n${origin}/login?email=${encodeURIComponent(email)}\n\n${enText('auth.registerForgot')}\n${origin}/request-password-token\n`;
      } else {
        const token = await createPendingRegistration(db, { email, firstname: b.firstname.trim(), surname: b.surname.trim(), password_hash: passwordHash });
        text = `${enText('auth.registerIntro')}\n\n${origin}/register?token=${encodeURIComponent(token)}\n\n${enText('auth.registerExpiry').replace('%s', String(minutes))}`;
      }
      // Not awaited: the answer must take as long for a known address as for a new one.
      const mail = origin
        ? sendSystemMail(db, { to: email, subject: `${brandName}: ${enText('auth.registerSubject')}`, text })
        : Promise.reject(new NoBrandAddress());
      void mail.catch((err) => logInternalError(root, req, err));
      return sendOk(req, reply, { is_loggedin: false, mail_sent: true, message: enText('auth.registerSent') }, { status: 202 });
    },
  );

  app.post<{ Body: { token: string } }>(
    '/api/auth/confirmRegistration',
    {
      config: { envelopeKey: key, gate: { requiredFeatures: ['auth.publicRegistration'] } },
      preHandler: requireFeatures(),
      schema: {
        tags,
        summary: 'Finish a registration with the link mailed by register (once) and sign in',
        body: { type: 'object', properties: { token: { type: ['string', 'null'], maxLength: 200 } }, required: ['token'], additionalProperties: false },
        response: responses(key, currentUserSchema, 201),
      },
    },
    async (req, reply) => {
      const token = req.body.token?.trim();
      if (!token) throw validationError([{ field: 'token', message: enText('errors.missingToken') }]);
      const db = req.db!;
      const usId = await db.transaction().execute(async (trx) => {
        const pending = await consumePendingRegistration(trx, token);
        if (!pending) return null;
        // The address may have got an account since the mail was sent: then the link is spent.
        const row = await trx
          .insertInto('users')
          .values({
            email: pending.email,
            password_hash: pending.password_hash,
            role: REGISTERED_ROLE,
            firstname: pending.firstname,
            surname: pending.surname,
            fullname: `${pending.firstname} ${pending.surname}`,
            settings: '{}',
          })
          .onConflict((oc) => oc.column('email').doNothing())
          .returning('us_id')
          .executeTakeFirst();
        return row?.us_id ?? null;
      });
      if (usId === null) throw validationError([{ field: 'token', message: enText('errors.tokenInvalid') }]);
      const { user, token: sid } = await signIn(req, usId);
      setSessionCookie(req, reply, sid);
      req.user = user;
      return sendOk(req, reply, toCurrentUser(user), { status: 201 });
    },
  );

  app.post<{ Body: { mail_address: string } }>(
    '/api/auth/getNewPasswordResetToken',
    {
      config: { envelopeKey: key, gate: { requiredFeatures: ['auth.publicRegistration', 'auth.passwordReset'] } },
      preHandler: requireFeatures('auth.passwordReset'),
      schema: {
        tags,
        summary: `Mail a one-time reset link (valid ${RESET_TOKEN_MINUTES} minutes); the answer is the same for unknown addresses`,
        body: mailAddressBody,
        response: responses(key, { type: 'string' }),
      },
    },
    async (req, reply) => {
      const email = req.body.mail_address.trim().toLowerCase();
      // Every request counts, known address or not, so the limit itself reveals nothing; it stops mail bombing.
      await throttle(root, [
        [`reset-ip:${req.ip || 'unknown'}`, RESET_PER_ADDRESS],
        [`reset:${req.brand!.schema}:${email}`, RESET_PER_EMAIL],
      ]);
      const user = EMAIL_RE.test(email)
        ? await req.db!.selectFrom('users').select(['us_id', 'email']).where('email', '=', email).executeTakeFirst()
        : undefined;
      if (user) {
        const origin = brandOrigin(req);
        const token = await resetTokens.create(req.db!, user.us_id);
        const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
        const brandName = req.brand!.config.customSettings.visibleName || req.brand!.config.name;
        // Not awaited: the answer must take as long for an unknown address as for a known one.
        const mail = origin
          ? sendSystemMail(req.db!, {
              to: user.email,
              subject: `${brandName}: ${enText('auth.resetSubject')}`,
              text: `${enText('auth.resetIntro')}\n\n${link}\n\n${enText('auth.resetExpiry').replace('%s', String(RESET_TOKEN_MINUTES))}`,
            })
          : Promise.reject(new NoBrandAddress());
        void mail.catch((err) => logInternalError(root, req, err));
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
      const usId = await resetTokens.consume(db, token);
      if (usId === null) throw validationError([{ field: 'token', message: enText('errors.tokenInvalid') }]);
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(b.password) })
        .where('us_id', '=', usId)
        .execute();
      // Whoever knew the old password is signed out everywhere.
      await db.deleteFrom('sessions').where('us_id', '=', usId).execute();
      const { user, token: sid } = await signIn(req, usId);
      setSessionCookie(req, reply, sid);
      req.user = user;
      return sendOk(req, reply, toCurrentUser(user));
    },
  );
}
