/**
 * The authorization server of the local provider server: `/oauth/{xero|google|microsoft}/authorize`,
 * `token` and `revoke`, with each provider's rotation profile (./profiles.ts). Consent is given at
 * once (there is no page to click): authorize checks the request and redirects back with `code`
 * and `state`. PKCE with S256 is required, as Xero and Google ask of public-facing apps. Knobs let
 * a test expire access tokens, revoke a grant, fail the next token requests, move the clock and
 * read every token request made.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthServer, Clock, ConsentListener, IssuedAccessToken, ProviderName } from '../types';
import { defaultClients, defaultProfiles, PROVIDERS, type RotationProfile } from './profiles';
import { newToken, s256, TokenBook, type Consent } from './tokens';
import { answerError, answerJson, clientCredentials, isForm, readForm, redirect } from './wire';

/** Codes are short-lived (RFC 6749 4.1.2 recommends at most 10 minutes). */
const CODE_LIFETIME_MS = 10 * 60_000;

export interface TokenRequestLog {
  provider: ProviderName;
  grantType: string;
  clientId: string | null;
  /** The refresh token presented (refresh_token grant). */
  refreshToken: string | null;
  at: number;
  status: number;
  error: string | null;
}

export interface AuthServerOptions {
  clock?: Clock;
  onConsent?: ConsentListener;
}

export interface AuthServerKnobs {
  /** Rotation and lifetimes per provider; a test may change them. */
  profiles: Record<ProviderName, RotationProfile>;
  clients: Record<ProviderName, { id: string; secret: string }>;
  /** Who consents when authorize carries no `login_hint`. */
  consentSubject: string;
  /** Every token request, in order. */
  grants: TokenRequestLog[];
  /** How long token answers wait, so a second caller arrives while a renewal is in flight. */
  tokenDelayMs: number;
  expireAccessTokens(): void;
  /** Ends the consent a refresh token belongs to: its next use gets invalid_grant. */
  revoke(refreshToken: string): void;
  /** The next `n` token requests answer `status` (503 by default: temporarily_unavailable). */
  failNextToken(n: number, status?: number): void;
  /** A refresh token as if `subject` had consented to `scopes` (for tests that start from a stored grant). */
  refreshTokenFor(provider: ProviderName, subject: string, scopes?: string[]): string;
}

export type LocalAuthServer = AuthServer & AuthServerKnobs;

interface Route {
  provider: ProviderName;
  endpoint: 'authorize' | 'token' | 'revoke';
}

function route(req: IncomingMessage): Route | null {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const m = path.match(/^\/oauth\/([a-z]+)\/(authorize|token|revoke)$/);
  if (!m || !PROVIDERS.includes(m[1] as ProviderName)) return null;
  return { provider: m[1] as ProviderName, endpoint: m[2] as Route['endpoint'] };
}

const isAbsoluteUrl = (s: string | null): s is string => {
  try {
    return !!s && /^https?:$/.test(new URL(s).protocol);
  } catch {
    return false;
  }
};

export function createAuthServer(options: AuthServerOptions = {}): LocalAuthServer {
  const clock = options.clock ?? Date.now;
  const book = new TokenBook();
  let failures: { left: number; status: number } = { left: 0, status: 503 };

  const newConsent = (provider: ProviderName, clientId: string, subject: string, scopes: string[]): Consent => ({
    id: newToken('consent'),
    provider,
    clientId,
    subject,
    scopes,
    revoked: false,
  });

  function authorize(provider: ProviderName, req: IncomingMessage, res: ServerResponse): void {
    const params = new URL(req.url ?? '/', 'http://x').searchParams;
    const redirectUri = params.get('redirect_uri');
    // Without a known client and a sound redirect URI there is nowhere safe to send an error (RFC 6749 4.1.2.1).
    if (params.get('client_id') !== self.clients[provider].id) return answerError(res, 400, 'invalid_client', 'unknown client_id');
    if (!isAbsoluteUrl(redirectUri)) return answerError(res, 400, 'invalid_request', 'redirect_uri missing or not absolute');
    const back = (extra: Record<string, string>) => {
      const to = new URL(redirectUri);
      for (const [k, v] of Object.entries(extra)) to.searchParams.set(k, v);
      const state = params.get('state');
      if (state !== null) to.searchParams.set('state', state);
      redirect(res, to.toString());
    };
    if (params.get('response_type') !== 'code') return back({ error: 'unsupported_response_type' });
    const scopes = (params.get('scope') ?? '').split(/\s+/).filter(Boolean);
    if (!scopes.length) return back({ error: 'invalid_scope', error_description: 'scope is required' });
    const challenge = params.get('code_challenge');
    if (!challenge || params.get('code_challenge_method') !== 'S256')
      return back({ error: 'invalid_request', error_description: 'PKCE with S256 is required' });
    const subject = params.get('login_hint') || self.consentSubject;
    const consent = newConsent(provider, self.clients[provider].id, subject, scopes);
    options.onConsent?.({ provider, clientId: consent.clientId, subject, scopes });
    const code = newToken(`${provider}-code`);
    book.codes.set(code, {
      consent,
      redirectUri,
      challenge,
      expiresAt: clock() + CODE_LIFETIME_MS,
      used: false,
      offline: self.profiles[provider].offline(params),
    });
    back({ code });
  }

  /** The token answer: a fresh access token, and a refresh token when one is due. */
  function tokens(consent: Consent, refreshToken: string | null) {
    const lifetime = self.profiles[consent.provider].accessTokenLifetimeS;
    return {
      access_token: book.issueAccess(consent, clock(), lifetime),
      token_type: 'Bearer',
      expires_in: lifetime,
      scope: consent.scopes.join(' '),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
  }

  function codeGrant(provider: ProviderName, form: URLSearchParams, clientId: string): { status: number; body: Record<string, unknown> } {
    const code = book.codes.get(form.get('code') ?? '');
    const refuse = (description: string) => ({ status: 400, body: { error: 'invalid_grant', error_description: description } });
    if (!code || code.consent.provider !== provider || code.consent.clientId !== clientId) return refuse('unknown code');
    if (code.used) {
      // A replayed code may mean it was stolen: what it gave is withdrawn (RFC 6749 4.1.2).
      book.revokeConsent(code.consent);
      return refuse('code already used');
    }
    code.used = true;
    if (code.expiresAt <= clock()) return refuse('code expired');
    if (form.get('redirect_uri') !== code.redirectUri) return refuse('redirect_uri does not match the authorization request');
    const verifier = form.get('code_verifier');
    if (!verifier || s256(verifier) !== code.challenge) return refuse('code_verifier does not match the code_challenge');
    return { status: 200, body: tokens(code.consent, code.offline ? book.issueRefresh(code.consent) : null) };
  }

  function refreshGrant(provider: ProviderName, form: URLSearchParams, clientId: string): { status: number; body: Record<string, unknown> } {
    const presented = form.get('refresh_token') ?? '';
    const held = book.refresh.get(presented);
    if (!held || held.consent.provider !== provider || held.consent.clientId !== clientId || held.consent.revoked || held.validUntil <= clock()) {
      return { status: 400, body: { error: 'invalid_grant', error_description: 'refresh token is invalid, expired or revoked' } };
    }
    const profile = self.profiles[provider];
    if (!profile.rotate) return { status: 200, body: tokens(held.consent, null) };
    // The replaced token's grace starts at its first use; a retry within it gets another new token.
    if (held.validUntil === Infinity && profile.graceS !== null) held.validUntil = clock() + profile.graceS * 1000;
    return { status: 200, body: tokens(held.consent, book.issueRefresh(held.consent)) };
  }

  async function token(provider: ProviderName, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const creds = clientCredentials(req, form);
    const grantType = form.get('grant_type') ?? '';
    const log: TokenRequestLog = { provider, grantType, clientId: creds.id, refreshToken: form.get('refresh_token'), at: clock(), status: 0, error: null };
    self.grants.push(log);
    const send = async (status: number, body: Record<string, unknown>) => {
      log.status = status;
      log.error = typeof body.error === 'string' ? body.error : null;
      if (self.tokenDelayMs) await new Promise((r) => setTimeout(r, self.tokenDelayMs));
      answerJson(res, status, body, status === 401 ? { 'WWW-Authenticate': 'Basic realm="oauth"' } : {});
    };
    if (failures.left > 0) {
      failures.left -= 1;
      return send(failures.status, { error: failures.status >= 500 ? 'temporarily_unavailable' : 'invalid_request' });
    }
    if (req.method !== 'POST' || !isForm(req)) return send(400, { error: 'invalid_request', error_description: 'POST a form' });
    const client = self.clients[provider];
    if (creds.both || creds.id !== client.id || creds.secret !== client.secret) return send(401, { error: 'invalid_client' });
    if (grantType === 'authorization_code') {
      const out = codeGrant(provider, form, client.id);
      return send(out.status, out.body);
    }
    if (grantType === 'refresh_token') {
      const out = refreshGrant(provider, form, client.id);
      return send(out.status, out.body);
    }
    return send(400, { error: 'unsupported_grant_type' });
  }

  /** RFC 7009: revoking a refresh token ends its consent; an unknown token is answered 200 all the same. */
  async function revokeEndpoint(provider: ProviderName, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = req.method === 'POST' ? await readForm(req) : new URLSearchParams();
    const token = form.get('token') ?? new URL(req.url ?? '/', 'http://x').searchParams.get('token') ?? '';
    const held = book.refresh.get(token) ?? book.access.get(token);
    if (held && held.consent.provider === provider) book.revokeConsent(held.consent);
    answerJson(res, 200, {});
  }

  const self: LocalAuthServer = {
    profiles: defaultProfiles(),
    clients: defaultClients(),
    consentSubject: 'sandbox-user',
    grants: [],
    tokenDelayMs: 0,
    async handle(req, res) {
      const r = route(req);
      if (!r) return false;
      if (r.endpoint === 'authorize') authorize(r.provider, req, res);
      else if (r.endpoint === 'token') await token(r.provider, req, res);
      else await revokeEndpoint(r.provider, req, res);
      return true;
    },
    accessTokenInfo(token): IssuedAccessToken | null {
      const held = book.access.get(token);
      if (!held || held.consent.revoked || held.expiresAt <= clock()) return null;
      const { provider, clientId, subject, scopes } = held.consent;
      return { provider, clientId, subject, scopes };
    },
    expireAccessTokens: () => book.expireAccessTokens(clock()),
    revoke(refreshToken) {
      const held = book.refresh.get(refreshToken);
      if (held) book.revokeConsent(held.consent);
    },
    failNextToken(n, status = 503) {
      failures = { left: n, status };
    },
    refreshTokenFor(provider, subject, scopes = ['offline_access']) {
      return book.issueRefresh(newConsent(provider, self.clients[provider].id, subject, scopes));
    },
  };
  return self;
}
