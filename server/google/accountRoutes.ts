/**
 * googleaccounts: a user's own Google accounts (INTEGRATIONS.md, Google). loginUrl begins a
 * connect (PKCE, state kept server-side) that returns to the SPA's /google-connect page, which
 * posts `code` and `state` to `connect`; the account is identified by Google's userinfo and its
 * grant stored for the user (owner_kind 'user'), so one user may connect several and nobody sees
 * another's. `selection` applies SPEC point 4's toggles to the stored disabled list.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GOOGLE_GATE, toggleAllDisabled, toggleOneDisabled } from '../../core/google/constants';
import { googleMessages } from '../../core/google/messages';
import type { GoogleAccountsStatus } from '../../core/google/types';
import { AppError, invalidField, notFound } from '../envelope/errors';
import { idSchema } from '../http/bodyShapes';
import { action } from '../http/route';
import { beginConnect, completeConnect, OAuthStateError } from '../integrations/oauth/connect';
import { OAuthRefusedError } from '../integrations/oauth/errors';
import { disconnect } from '../integrations/oauth/grants';
import { googleEndpoints, providersAreSandbox } from '../integrations/providerConfig';
import { asOAuth, googleDb, listAccounts, selectionOf, storeDisabled, userinfo } from './accounts';
import { accountData, accountList } from './wireSchemas';

const key = 'googleaccounts';

/** Drive's full scope by default (browsing a user's existing files is the spec); `GOOGLE_DRIVE_SCOPE=drive.file` narrows it. */
export function driveScope(): GoogleAccountsStatus['driveScope'] {
  return process.env.GOOGLE_DRIVE_SCOPE?.trim() === 'drive.file' ? 'drive.file' : 'drive';
}

export const googleScopes = () => ['email', 'profile', `https://www.googleapis.com/auth/${driveScope()}`, 'https://www.googleapis.com/auth/tasks'];

/** The SPA page Google returns to, on the origin the request came to (registered with Google per domain). */
const redirectUri = (req: FastifyRequest) => `${req.protocol}://${req.host}/google-connect`;

export const loginRequired = () =>
  new AppError({ code: 'GOOGLE_AUTH', status: 409, primary: String((googleMessages['en-US'].google as Record<string, unknown>).loginRequired) });

const gaParams = { type: 'object', properties: { ga_id: idSchema() }, required: ['ga_id'] };

/** The user's account `gaId`, or 404: another user's account is as absent as one that never was. */
export async function ownAccount(req: FastifyRequest, gaId: number) {
  const account = (await listAccounts(googleDb(req), req.user!.us_id)).find((a) => a.ga_id === gaId);
  if (!account) throw notFound();
  return account;
}

export function registerGoogleAccountRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/googleaccounts/list',
      key,
      gate: GOOGLE_GATE,
      data: accountList,
      summary: 'The signed-in user’s Google accounts, with their selection and last sync',
    },
    async (req) => ({ data: await listAccounts(googleDb(req), req.user!.us_id) }),
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/googleaccounts/status',
      key,
      gate: GOOGLE_GATE,
      data: {
        type: 'object',
        properties: { sandbox: { type: 'boolean' }, configured: { type: 'boolean' }, driveScope: { type: 'string', enum: ['drive', 'drive.file'] } },
      },
      summary: 'Whether Google is configured here, and whether it is the local sandbox',
    },
    async () => ({ data: { sandbox: providersAreSandbox(), configured: googleEndpoints().clientId !== null, driveScope: driveScope() } }),
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/googleaccounts/loginUrl',
      key,
      gate: GOOGLE_GATE,
      data: { type: 'object', properties: { url: { type: 'string' } } },
      summary: 'Begin connecting a Google account: the authorize URL to open',
    },
    async (req) => {
      if (googleEndpoints().clientId === null) throw loginRequired();
      const url = await beginConnect(asOAuth(googleDb(req)), {
        provider: 'google',
        ownerKind: 'user',
        ownerId: req.user!.us_id,
        userId: req.user!.us_id,
        redirectUri: redirectUri(req),
        returnTo: '/google/dashboard',
        scopes: googleScopes(),
      });
      return { data: { url } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/googleaccounts/connect',
      key,
      gate: GOOGLE_GATE,
      body: {
        type: 'object',
        properties: {
          code: { type: 'string', minLength: 1, maxLength: 2000, 'x-message': 'connect.missingGoogleCode', 'x-required-message': 'connect.missingGoogleCode' },
          state: { type: 'string', minLength: 1, maxLength: 500 },
        },
        required: ['code', 'state'],
        additionalProperties: false,
      },
      data: accountData,
      change: true,
      summary: 'Complete connecting a Google account with the code and state Google sent back',
    },
    async (req) => {
      const { code, state } = req.body as { code: string; state: string };
      const db = googleDb(req);
      const usId = req.user!.us_id;
      let gaId: number;
      try {
        const { grant } = await completeConnect(asOAuth(db), {
          state,
          code,
          redirectUri: redirectUri(req),
          userId: usId,
          identify: async ({ accessToken }) => {
            const me = await userinfo({ accessToken });
            return { externalId: me.id, email: me.email ?? null, displayName: me.name ?? null, pictureUrl: me.picture ?? null };
          },
        });
        gaId = grant.og_id;
      } catch (error) {
        if (error instanceof OAuthStateError) throw invalidField('state', 'connect.badState');
        if (error instanceof OAuthRefusedError) throw loginRequired();
        throw error;
      }
      // A new account is selected; a reconnected one keeps its place in the selection.
      await db
        .insertInto('google_accounts')
        .values({ og_id: gaId, us_id: usId, disabled: false })
        .onConflict((oc) => oc.column('og_id').doNothing())
        .execute();
      return { data: await ownAccount(req, gaId) };
    },
  );

  action(
    app,
    {
      method: 'DELETE',
      url: '/api/googleaccounts/:ga_id',
      key,
      gate: GOOGLE_GATE,
      params: gaParams,
      data: accountList,
      change: true,
      summary: 'Disconnect one of the user’s Google accounts (revoked at Google)',
    },
    async (req) => {
      const { ga_id } = req.params as { ga_id: number };
      await ownAccount(req, ga_id);
      const db = googleDb(req);
      await disconnect(asOAuth(db), ga_id);
      await db.deleteFrom('google_accounts').where('og_id', '=', ga_id).execute();
      return { data: await listAccounts(db, req.user!.us_id) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/googleaccounts/selection',
      key,
      gate: GOOGLE_GATE,
      body: {
        type: 'object',
        properties: { ga_id: idSchema(), all: { type: 'boolean', const: true } },
        additionalProperties: false,
      },
      data: accountList,
      summary: 'Toggle one account in or out of the selection, or toggle all (all selected: none; otherwise all)',
    },
    async (req) => {
      const body = (req.body ?? {}) as { ga_id?: number; all?: true };
      if ((body.ga_id === undefined) === (body.all === undefined)) throw invalidField('ga_id', 'validation.required');
      const db = googleDb(req);
      const usId = req.user!.us_id;
      const { ids, disabled } = await selectionOf(db, usId);
      if (body.ga_id !== undefined && !ids.includes(body.ga_id)) throw notFound();
      const next = body.all ? toggleAllDisabled(ids, disabled) : toggleOneDisabled(body.ga_id!, disabled);
      await storeDisabled(db, usId, ids, next);
      return { data: await listAccounts(db, usId) };
    },
  );
}
