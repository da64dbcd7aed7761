/**
 * What the authorization server has issued, in memory: authorization codes, refresh tokens (each
 * belonging to one consent, so a revocation ends the whole chain) and access tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ProviderName } from '../types';

export const newToken = (kind: string): string => `${kind}-${randomBytes(16).toString('base64url')}`;

export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export interface Consent {
  id: string;
  provider: ProviderName;
  clientId: string;
  subject: string;
  scopes: string[];
  revoked: boolean;
}

export interface PendingCode {
  consent: Consent;
  redirectUri: string;
  challenge: string;
  expiresAt: number;
  used: boolean;
  offline: boolean;
}

export interface RefreshToken {
  consent: Consent;
  /** Set when a newer token replaced this one: until when it still works (Infinity: until revoked). */
  validUntil: number;
}

export interface AccessToken {
  consent: Consent;
  expiresAt: number;
}

export class TokenBook {
  readonly codes = new Map<string, PendingCode>();
  readonly refresh = new Map<string, RefreshToken>();
  readonly access = new Map<string, AccessToken>();

  issueAccess(consent: Consent, now: number, lifetimeS: number): string {
    const token = newToken(`${consent.provider}-access`);
    this.access.set(token, { consent, expiresAt: now + lifetimeS * 1000 });
    return token;
  }

  issueRefresh(consent: Consent): string {
    const token = newToken(`${consent.provider}-refresh`);
    this.refresh.set(token, { consent, validUntil: Infinity });
    return token;
  }

  /** Ends a consent: every refresh and access token issued under it stops working. */
  revokeConsent(consent: Consent): void {
    consent.revoked = true;
  }

  expireAccessTokens(now: number): void {
    for (const t of this.access.values()) t.expiresAt = Math.min(t.expiresAt, now);
  }
}
