/**
 * Where each outside service lives and who the product is to it, read from the environment at call
 * time (so a test or the demo's sandbox can point the adapters at the local provider server). Every
 * URL defaults to the provider's real host; the client id and secret have no default, and a provider
 * without a client id is "not configured".
 */
export type ProviderName = 'xero' | 'google' | 'microsoft';

export interface OAuthEndpoints {
  clientId: string | null;
  clientSecret: string | null;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string | null;
}

export interface XeroEndpoints extends OAuthEndpoints {
  /** The identity API (`GET /connections`, `DELETE /connections/{id}`). */
  identityUrl: string;
  /** The accounting API, `/api.xro/2.0` included. */
  apiUrl: string;
}

export interface GoogleEndpoints extends OAuthEndpoints {
  /** Drive (`/drive/v3/...`) and userinfo (`/oauth2/v2/userinfo`). */
  apiUrl: string;
  tasksUrl: string;
}

export interface MicrosoftEndpoints extends OAuthEndpoints {
  /** Graph, `/v1.0` included. */
  graphUrl: string;
}

const env = (name: string): string | null => {
  const value = process.env[name]?.trim();
  return value ? value : null;
};
const url = (name: string, real: string): string => (env(name) ?? real).replace(/\/+$/, '');

export function xeroEndpoints(): XeroEndpoints {
  return {
    clientId: env('XERO_CLIENT_ID'),
    clientSecret: env('XERO_CLIENT_SECRET'),
    authorizeUrl: url('XERO_AUTHORIZE_URL', 'https://login.xero.com/identity/connect/authorize'),
    tokenUrl: url('XERO_TOKEN_URL', 'https://identity.xero.com/connect/token'),
    revokeUrl: url('XERO_REVOKE_URL', 'https://identity.xero.com/connect/revocation'),
    identityUrl: url('XERO_IDENTITY_URL', 'https://api.xero.com'),
    apiUrl: url('XERO_API_URL', 'https://api.xero.com/api.xro/2.0'),
  };
}

export function googleEndpoints(): GoogleEndpoints {
  return {
    clientId: env('GOOGLE_CLIENT_ID'),
    clientSecret: env('GOOGLE_CLIENT_SECRET'),
    authorizeUrl: url('GOOGLE_AUTHORIZE_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
    tokenUrl: url('GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
    revokeUrl: url('GOOGLE_REVOKE_URL', 'https://oauth2.googleapis.com/revoke'),
    apiUrl: url('GOOGLE_API_URL', 'https://www.googleapis.com'),
    tasksUrl: url('GOOGLE_TASKS_URL', 'https://tasks.googleapis.com'),
  };
}

export function microsoftEndpoints(): MicrosoftEndpoints {
  const authority = url('MS_AUTHORITY_URL', 'https://login.microsoftonline.com/common/oauth2/v2.0');
  return {
    clientId: env('MS_CLIENT_ID'),
    clientSecret: env('MS_CLIENT_SECRET'),
    authorizeUrl: `${authority}/authorize`,
    tokenUrl: `${authority}/token`,
    revokeUrl: null,
    graphUrl: url('MS_GRAPH_URL', 'https://graph.microsoft.com/v1.0'),
  };
}

export function oauthEndpoints(provider: ProviderName): OAuthEndpoints {
  return provider === 'xero' ? xeroEndpoints() : provider === 'google' ? googleEndpoints() : microsoftEndpoints();
}

/** True when the adapters talk to the local provider server (the demo's sandbox), not the real hosts. */
export function providersAreSandbox(): boolean {
  return env('PROVIDERS_SANDBOX') === '1';
}

/**
 * The environment that points every adapter at a local provider server at `base` (as its paths are
 * laid out in providers/README.md).
 */
export function sandboxEnvironment(base: string): Record<string, string> {
  const b = base.replace(/\/+$/, '');
  return {
    PROVIDERS_SANDBOX: '1',
    XERO_CLIENT_ID: 'sandbox-xero-client',
    XERO_CLIENT_SECRET: 'sandbox-xero-secret',
    XERO_AUTHORIZE_URL: `${b}/oauth/xero/authorize`,
    XERO_TOKEN_URL: `${b}/oauth/xero/token`,
    XERO_REVOKE_URL: `${b}/oauth/xero/revoke`,
    XERO_IDENTITY_URL: `${b}/xero`,
    XERO_API_URL: `${b}/xero/api.xro/2.0`,
    GOOGLE_CLIENT_ID: 'sandbox-google-client',
    GOOGLE_CLIENT_SECRET: 'sandbox-google-secret',
    GOOGLE_AUTHORIZE_URL: `${b}/oauth/google/authorize`,
    GOOGLE_TOKEN_URL: `${b}/oauth/google/token`,
    GOOGLE_REVOKE_URL: `${b}/oauth/google/revoke`,
    GOOGLE_API_URL: `${b}/google`,
    GOOGLE_TASKS_URL: `${b}/google`,
    MS_CLIENT_ID: 'sandbox-microsoft-client',
    MS_CLIENT_SECRET: 'sandbox-microsoft-secret',
    MS_AUTHORITY_URL: `${b}/oauth/microsoft`,
    MS_GRAPH_URL: `${b}/graph/v1.0`,
  };
}
