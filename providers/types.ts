/**
 * The seams of the local provider server (see README.md): the authorization server that issues
 * every provider's tokens, and the parts that check them. Nothing here imports the product.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type ProviderName = 'xero' | 'google' | 'microsoft';

/** Milliseconds since the epoch; one clock shared by every part, so a test can move time. */
export type Clock = () => number;

export interface IssuedAccessToken {
  provider: ProviderName;
  clientId: string;
  /** The consenting user (Xero: the user id; Google: `sub`; Microsoft: `oid`). */
  subject: string;
  scopes: string[];
}

/** What the authorization server tells the API fakes when a user consents (Xero links its tenants). */
export type ConsentListener = (grant: { provider: ProviderName; clientId: string; subject: string; scopes: string[] }) => void;

export interface AuthServer {
  /**
   * Answers the requests under `/oauth/{provider}/` (authorize, token, revoke) and resolves true;
   * resolves false, without touching `res`, for any other path.
   */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Who a bearer access token was issued to, or null when it is unknown, expired or revoked. */
  accessTokenInfo(token: string): IssuedAccessToken | null;
}
