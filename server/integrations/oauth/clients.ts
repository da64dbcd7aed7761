/**
 * Who the product is to each provider's authorization server, from the environment at call time
 * (../providerConfig.ts), and what each provider wants beyond plain OAuth to hand out a refresh
 * token: Google `access_type=offline` and `prompt=consent` (else a second connect gets no refresh
 * token), Xero and Microsoft the `offline_access` scope.
 */
import { oauthEndpoints, type ProviderName } from '../providerConfig';
import type { TokenClient } from './tokenEndpoint';

/** How long a replaced refresh token is kept beside the new one: Xero honours it 30 minutes. */
export const PREVIOUS_TOKEN_GRACE_MS: Record<ProviderName, number> = { xero: 30 * 60_000, microsoft: 30 * 60_000, google: 0 };

/**
 * The `iss` of each provider's ID tokens. Microsoft's names the user's tenant, so an ID token from its
 * `common` authority cannot be checked against one value: the Microsoft connect identifies the
 * user through Graph's /me and does not ask for `openid`.
 */
const ISSUERS: Record<ProviderName, string | undefined> = { xero: 'https://identity.xero.com', google: 'https://accounts.google.com', microsoft: undefined };

export class ProviderNotConfiguredError extends Error {}

export function tokenClient(provider: ProviderName): TokenClient & { authorizeUrl: string } {
  const e = oauthEndpoints(provider);
  if (!e.clientId) throw new ProviderNotConfiguredError(`${provider} is not configured (no client id)`);
  return {
    tokenUrl: e.tokenUrl,
    authorizeUrl: e.authorizeUrl,
    revokeUrl: e.revokeUrl,
    clientId: e.clientId,
    clientSecret: e.clientSecret,
    issuer: ISSUERS[provider],
    // Xero documents HTTP Basic; Google and Microsoft take the secret in the form.
    auth: provider === 'xero' ? 'basic' : 'post',
  };
}

export function authorizeDefaults(provider: ProviderName, scopes: readonly string[]): { scopes: string[]; params: Record<string, string> } {
  if (provider === 'google') return { scopes: [...scopes], params: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' } };
  return { scopes: scopes.includes('offline_access') ? [...scopes] : [...scopes, 'offline_access'], params: {} };
}
