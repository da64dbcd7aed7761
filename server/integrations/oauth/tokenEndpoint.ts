/**
 * Talking to a token endpoint (RFC 6749) through oauth4webapi, for every OAuth client of the
 * product: the mail servers' refresh (server/mail/oauthToken.ts) and the outside services' grants.
 * The answer is reduced to what the callers store, and an endpoint's refusal of the grant or of
 * the client (retrying cannot help) is told apart from a passing failure (it can).
 */
import * as oauth from 'oauth4webapi';

/** Refusals: the grant or the client is dead until someone reconnects or fixes the settings. */
export const REFUSALS: ReadonlySet<string> = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);
/** When the endpoint does not say (expires_in is only RECOMMENDED), assume Google's and Microsoft's hour. */
export const DEFAULT_LIFETIME_S = 3600;
const TIMEOUT_MS = 15_000;

export interface TokenClient {
  tokenUrl: string;
  clientId: string;
  clientSecret: string | null;
  /** How the secret is sent: in the form (default, as Google and the mail servers expect) or as HTTP Basic. */
  auth?: 'post' | 'basic';
  revokeUrl?: string | null;
  authorizeUrl?: string;
  /** What an ID token's `iss` must say (oauth4webapi checks it when the answer carries one). */
  issuer?: string;
}

export interface TokenAnswer {
  accessToken: string;
  expiresIn: number;
  /** A new refresh token (rotation), or null when the endpoint kept the old one. */
  refreshToken: string | null;
  scope: string | null;
  raw: oauth.TokenEndpointResponse;
}

export type TokenOutcome = TokenAnswer | { refused: string };

export function authServerOf(c: TokenClient): oauth.AuthorizationServer {
  return {
    // No discovery: the endpoints are configured, and the issuer is only compared with an ID token's.
    issuer: c.issuer ?? new URL(c.tokenUrl).origin,
    token_endpoint: c.tokenUrl,
    ...(c.authorizeUrl ? { authorization_endpoint: c.authorizeUrl } : {}),
    ...(c.revokeUrl ? { revocation_endpoint: c.revokeUrl } : {}),
  };
}

export const clientOf = (c: TokenClient): oauth.Client => ({ client_id: c.clientId });

export function clientAuthOf(c: TokenClient): oauth.ClientAuth {
  if (!c.clientSecret) return oauth.None();
  return c.auth === 'basic' ? oauth.ClientSecretBasic(c.clientSecret) : oauth.ClientSecretPost(c.clientSecret);
}

/** Plain http is allowed only for loopback and test hosts (the local provider server, the mail tests' server). */
export function requestOptions(url: string): { [oauth.allowInsecureRequests]?: boolean; signal: AbortSignal } {
  const insecure = new URL(url).protocol === 'http:';
  return { ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}), signal: AbortSignal.timeout(TIMEOUT_MS) };
}

export function toAnswer(raw: oauth.TokenEndpointResponse): TokenAnswer {
  const expiresIn = Number(raw.expires_in);
  return {
    accessToken: raw.access_token,
    expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : DEFAULT_LIFETIME_S,
    refreshToken: typeof raw.refresh_token === 'string' && raw.refresh_token ? raw.refresh_token : null,
    scope: typeof raw.scope === 'string' ? raw.scope : null,
    raw,
  };
}

/** The refusal code in an endpoint's error, or null when the failure may pass (then it is rethrown by the caller). */
export function refusalOf(error: unknown): string | null {
  if (error instanceof oauth.ResponseBodyError) return REFUSALS.has(error.error) ? error.error : null;
  // A 401 with a WWW-Authenticate challenge is the client being refused (RFC 6749 5.2).
  if (error instanceof oauth.WWWAuthenticateChallengeError) return error.status === 401 ? 'invalid_client' : null;
  return null;
}

/** Why a token endpoint call failed, for the error that is thrown on. */
export function failureText(error: unknown): string {
  if (error instanceof oauth.ResponseBodyError) return error.error;
  if (error instanceof oauth.WWWAuthenticateChallengeError) return `HTTP ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A refresh answer without its ID token: whom the grant belongs to was settled at connect, and
 * oauth4webapi would compare the token's issuer, which for a mail server's Google or Microsoft
 * endpoint (configured by URL, tenant-specific for Microsoft) is not one value we know.
 */
async function withoutIdToken(res: Response): Promise<Response> {
  if (!res.ok) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  if (body && typeof body === 'object' && 'id_token' in body) {
    const { id_token: _dropped, ...rest } = body as Record<string, unknown>;
    return new Response(JSON.stringify(rest), { status: res.status, statusText: res.statusText, headers });
  }
  return new Response(text, { status: res.status, statusText: res.statusText, headers });
}

/** The refresh_token grant (RFC 6749 section 6). */
export async function refreshGrant(c: TokenClient, refreshToken: string): Promise<TokenOutcome> {
  const as = authServerOf(c);
  try {
    const res = await oauth.refreshTokenGrantRequest(as, clientOf(c), clientAuthOf(c), refreshToken, requestOptions(c.tokenUrl));
    return toAnswer(await oauth.processRefreshTokenResponse(as, clientOf(c), await withoutIdToken(res)));
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) return { refused };
    throw new Error(`The OAuth token endpoint failed: ${failureText(error)}`, { cause: error });
  }
}
