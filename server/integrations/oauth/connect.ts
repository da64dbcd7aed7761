/**
 * Connecting an outside service (authorization code with PKCE, RFC 6749 4.1 and RFC 7636):
 * beginConnect builds the provider's authorize URL and keeps the state and verifier server-side
 * (./pending.ts); completeConnect takes them back once, exchanges the code and stores the grant,
 * updating the row of the same provider, owner and external id on a reconnect.
 */
import * as oauth from 'oauth4webapi';
import type { ProviderName } from '../providerConfig';
import { encryptSecret } from '../../mail/secrets';
import { authorizeDefaults, tokenClient } from './clients';
import { OAuthRefusedError } from './errors';
import { savePending, takePending, OAuthStateError } from './pending';
import type { GrantRow, OAuthDb, OwnerKind } from './tables';
import { authServerOf, clientAuthOf, clientOf, failureText, refusalOf, requestOptions, toAnswer, type TokenAnswer } from './tokenEndpoint';

export { OAuthStateError };

export interface BeginConnect {
  provider: ProviderName;
  ownerKind: OwnerKind;
  /** The user or mailbox id; 0 for the brand. */
  ownerId: number;
  /** Who connects (only they may complete it). */
  userId: number;
  /** The product's page the provider returns to (registered with the provider). */
  redirectUri: string;
  /** Where the SPA goes once connected. */
  returnTo?: string | null;
  scopes: readonly string[];
  extraParams?: Record<string, string>;
}

/** Who was connected, in the provider's terms. */
export interface GrantIdentity {
  externalId: string;
  email?: string | null;
  displayName?: string | null;
  pictureUrl?: string | null;
}

/**
 * Finds out whom the tokens belong to: Xero lists the tenants (`GET /connections`), Google asks
 * userinfo, Microsoft Graph's `/me`. Without it the ID token's claims are used (`openid` scope).
 */
export type Identify = (tokens: { provider: ProviderName; accessToken: string; answer: TokenAnswer }) => Promise<GrantIdentity>;

export interface CompleteConnect {
  state: string;
  code: string;
  redirectUri: string;
  /** The user completing it: must be the one who began it. */
  userId?: number;
  identify?: Identify;
  clock?: () => number;
}

export async function beginConnect(db: OAuthDb, c: BeginConnect, clock: () => number = Date.now): Promise<string> {
  const client = tokenClient(c.provider);
  const defaults = authorizeDefaults(c.provider, c.scopes);
  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(client.authorizeUrl);
  const params: Record<string, string> = {
    ...defaults.params,
    ...c.extraParams,
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: c.redirectUri,
    scope: defaults.scopes.join(' '),
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  await savePending(
    db,
    state,
    verifier,
    {
      us_id: c.userId,
      provider: c.provider,
      owner_kind: c.ownerKind,
      owner_id: c.ownerId,
      redirect_uri: c.redirectUri,
      scopes: defaults.scopes.join(' '),
      return_to: c.returnTo ?? null,
    },
    clock(),
  );
  return url.toString();
}

function identityFromIdToken(answer: TokenAnswer): GrantIdentity {
  const claims = oauth.getValidatedIdTokenClaims(answer.raw);
  if (!claims) throw new Error('No way to tell whom the grant belongs to: no ID token and no identify()');
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  // Microsoft's user is unique only within a tenant.
  const externalId = claims.tid && claims.oid ? `${String(claims.tid)}.${String(claims.oid)}` : claims.sub;
  return { externalId, email: str(claims.email), displayName: str(claims.name), pictureUrl: str(claims.picture) };
}

async function exchangeCode(provider: ProviderName, state: string, code: string, redirectUri: string, verifier: string): Promise<TokenAnswer> {
  const client = tokenClient(provider);
  const as = authServerOf(client);
  try {
    // The state was checked against the pending row; oauth4webapi wants its own check of the callback too.
    const callback = oauth.validateAuthResponse(as, clientOf(client), new URLSearchParams({ code, state }), state);
    const res = await oauth.authorizationCodeGrantRequest(
      as,
      clientOf(client),
      clientAuthOf(client),
      callback,
      redirectUri,
      verifier,
      requestOptions(client.tokenUrl),
    );
    return toAnswer(await oauth.processAuthorizationCodeResponse(as, clientOf(client), res));
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) throw new OAuthRefusedError(`${provider} refused the connect (${refused})`, refused);
    throw new Error(`The ${provider} token endpoint failed: ${failureText(error)}`, { cause: error });
  }
}

/** A reconnect that brought no refresh token (Google without a new consent) keeps the one stored. */
const keepRefreshToken = <T extends { refresh_token_enc: string | null }>(t: T) => {
  if (t.refresh_token_enc) return t;
  const { refresh_token_enc: _kept, ...rest } = t;
  return rest;
};

/** Completes a connect: the stored grant (active, tokens encrypted) and where the SPA goes next. */
export async function completeConnect(db: OAuthDb, c: CompleteConnect): Promise<{ grant: GrantRow; returnTo: string | null }> {
  const clock = c.clock ?? Date.now;
  const pending = await takePending(db, c.state, clock());
  if (pending.redirect_uri !== c.redirectUri) throw new OAuthStateError('The connect came back to another page');
  if (c.userId !== undefined && c.userId !== pending.us_id) throw new OAuthStateError('The connect was begun by another user');
  const answer = await exchangeCode(pending.provider, c.state, c.code, c.redirectUri, pending.verifier);
  const who = c.identify ? await c.identify({ provider: pending.provider, accessToken: answer.accessToken, answer }) : identityFromIdToken(answer);
  const now = new Date(clock());
  const tokens = {
    scopes: answer.scope ?? pending.scopes,
    refresh_token_enc: encryptSecret(answer.refreshToken),
    access_token_enc: encryptSecret(answer.accessToken),
    expires_at: new Date(now.getTime() + answer.expiresIn * 1000),
    prev_refresh_token_enc: null,
    prev_valid_until: null,
    status: 'active' as const,
    error_code: null,
    last_refresh_at: now,
    connected_by: pending.us_id,
    connected_at: now,
    email: who.email ?? null,
    display_name: who.displayName ?? null,
    picture_url: who.pictureUrl ?? null,
  };
  const grant = await db
    .insertInto('oauth_grants')
    .values({ provider: pending.provider, owner_kind: pending.owner_kind, owner_id: pending.owner_id, external_id: who.externalId, ...tokens })
    .onConflict((oc) => oc.constraint('oauth_grants_owner_key').doUpdateSet(keepRefreshToken(tokens)))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { grant, returnTo: pending.return_to };
}
