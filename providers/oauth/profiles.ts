/**
 * How each provider's authorization server behaves where they differ, as their documentation says:
 * - Xero rotates the refresh token on every use; the previous one keeps working for 30 minutes
 *   (so a client that lost the answer can retry), and access tokens live 30 minutes.
 * - Microsoft identity rotates too, but does not revoke the previous refresh token.
 * - Google keeps the same refresh token.
 * Refresh tokens are issued only when offline access is asked for (Xero and Microsoft:
 * the `offline_access` scope; Google: `access_type=offline`).
 */
import type { ProviderName } from '../types';

export interface RotationProfile {
  rotate: boolean;
  /** How long a replaced refresh token stays valid, in seconds; null = until revoked. */
  graceS: number | null;
  accessTokenLifetimeS: number;
  offline: (params: URLSearchParams) => boolean;
}

const offlineScope = (params: URLSearchParams) => (params.get('scope') ?? '').split(/\s+/).includes('offline_access');

export const PROVIDERS: readonly ProviderName[] = ['xero', 'google', 'microsoft'];

export function defaultProfiles(): Record<ProviderName, RotationProfile> {
  return {
    xero: { rotate: true, graceS: 30 * 60, accessTokenLifetimeS: 1800, offline: offlineScope },
    microsoft: { rotate: true, graceS: null, accessTokenLifetimeS: 3599, offline: offlineScope },
    google: { rotate: false, graceS: null, accessTokenLifetimeS: 3599, offline: (p) => p.get('access_type') === 'offline' },
  };
}

/**
 * The registered clients: the same ids and secrets as the product's sandbox environment
 * (server/integrations/providerConfig.ts, sandboxEnvironment), which this folder may not import.
 */
export function defaultClients(): Record<ProviderName, { id: string; secret: string }> {
  return {
    xero: { id: 'sandbox-xero-client', secret: 'sandbox-xero-secret' },
    google: { id: 'sandbox-google-client', secret: 'sandbox-google-secret' },
    microsoft: { id: 'sandbox-microsoft-client', secret: 'sandbox-microsoft-secret' },
  };
}
