/**
 * Sign-in by a single-use e-mail link, beside the password (issue 24: customers forget passwords).
 *
 * POST auth/portalLink { mail_address }: when the address is a visible customer of this brand, a
 * link `{systemUrl}/portal-signin?token=…` goes to it through the brand's system mail; the answer is
 * the same for every address (no account enumeration) and the mail is sent after answering. Every
 * request counts against a limit per client address and per target address, known or not.
 * POST auth/portalLinkSignIn { token }: signs in with the link once, within PORTAL_LINK_MINUTES,
 * on the brand that issued it (the tokens live in the brand's schema), and starts the normal session.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isFeatureOn } from '../../core/access/access';
import { customerText } from '../../core/customerportal/messages';
import { enText } from '../../core/i18n/en-US';
import { setSessionCookie } from '../auth/cookie';
import { currentUserSchema, toCurrentUser } from '../auth/currentUser';
import { throttle } from '../auth/rateLimit';
import type { RootDb } from '../db/types';
import { sendOk } from '../envelope/envelope';
import { logInternalError } from '../envelope/errorLog';
import { forbidden, validationError } from '../envelope/errors';
import { responses } from '../envelope/schemas';
import { signIn } from '../publicauth/routes';
import { brandOrigin, EMAIL_RE, mailAddressBody, NoBrandAddress } from '../publicauth/shared';
import { singleUseTokens } from '../publicauth/singleUseTokens';
import { sendSystemMail } from '../publicauth/systemMail';

/** How long a link works: long enough to find the mail on a phone, short enough to be worth little when leaked. */
export const PORTAL_LINK_MINUTES = 30;
/** Requests per client address and per target address, in 15 minutes (as the reset request). */
export const PORTAL_LINK_PER_ADDRESS = 20;
export const PORTAL_LINK_PER_EMAIL = 5;

const portalLinkTokens = singleUseTokens('portal_login_tokens', PORTAL_LINK_MINUTES);

const requireJobs = async (req: FastifyRequest) => {
  if (!isFeatureOn(req.brand?.config.features, 'job.enabled')) throw forbidden('feature');
};
const config = { envelopeKey: 'auth', gate: { requiredFeatures: ['job.enabled'] } };
const tags = ['auth'];

export function registerPortalLinkRoutes(app: FastifyInstance, root: RootDb): void {
  app.post<{ Body: { mail_address: string } }>(
    '/api/auth/portalLink',
    {
      config,
      preHandler: requireJobs,
      schema: {
        tags,
        summary: `Mail a customer a single-use sign-in link to the portal (valid ${PORTAL_LINK_MINUTES} minutes); the answer is the same for every address`,
        body: mailAddressBody,
        response: responses('auth', { type: 'string' }),
      },
    },
    async (req, reply) => {
      const email = req.body.mail_address.trim().toLowerCase();
      if (!EMAIL_RE.test(email)) throw validationError([{ field: 'mail_address', message: enText('validation.email') }]);
      // Every request counts, known address or not, so the limit itself reveals nothing; it stops mail bombing.
      await throttle(root, [
        [`portallink-ip:${req.ip || 'unknown'}`, PORTAL_LINK_PER_ADDRESS],
        [`portallink:${req.brand!.schema}:${email}`, PORTAL_LINK_PER_EMAIL],
      ]);
      const db = req.db!;
      const user = await db
        .selectFrom('users')
        .select(['us_id', 'email'])
        .where('email', '=', email)
        .where('role', '=', 'Customer')
        .where('is_hidden', '=', false)
        .executeTakeFirst();
      if (user) {
        const origin = brandOrigin(req);
        const brandName = req.brand!.config.customSettings.visibleName || req.brand!.config.name;
        const mail = origin
          ? portalLinkTokens.create(db, user.us_id).then((token) =>
              sendSystemMail(db, {
                to: user.email,
                subject: `${brandName}: ${customerText('link.mailSubject')}`,
                text: `${customerText('link.mailIntro')}\n\n${origin}/portal-signin?token=${encodeURIComponent(token)}\n\n${customerText('link.mailExpiry', { minutes: PORTAL_LINK_MINUTES })}`,
              }),
            )
          : Promise.reject(new NoBrandAddress());
        // Not awaited: the answer must take as long for an unknown address as for a known one.
        void mail.catch((err) => logInternalError(root, req, err));
      }
      return sendOk(req, reply, customerText('link.requested'));
    },
  );

  app.post<{ Body: { token: string | null } }>(
    '/api/auth/portalLinkSignIn',
    {
      config,
      preHandler: requireJobs,
      schema: {
        tags,
        summary: 'Sign in with a mailed portal link (once, within its time, on the brand that issued it)',
        body: { type: 'object', properties: { token: { type: ['string', 'null'], maxLength: 200 } }, required: ['token'], additionalProperties: false },
        response: responses('auth', currentUserSchema),
      },
    },
    async (req, reply) => {
      const token = req.body.token?.trim();
      if (!token) throw validationError([{ field: 'token', message: enText('errors.missingToken') }]);
      const db = req.db!;
      const usId = await portalLinkTokens.consume(db, token);
      // A user hidden since the mail was sent cannot sign in, as with a password.
      const visible =
        usId === null ? undefined : await db.selectFrom('users').select('us_id').where('us_id', '=', usId).where('is_hidden', '=', false).executeTakeFirst();
      if (!visible) throw validationError([{ field: 'token', message: enText('errors.tokenInvalid') }]);
      const { user, token: sid } = await signIn(req, visible.us_id);
      setSessionCookie(req, reply, sid);
      req.user = user;
      return sendOk(req, reply, toCurrentUser(user));
    },
  );
}
