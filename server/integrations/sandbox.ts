/**
 * The outside services' sandbox: the local provider server (providers/) with its authorization
 * server, on loopback, and the environment that points every adapter at it. One place for the
 * server tests' global setup and `npm start` (Playwright's web server is `npm start`), so the three
 * run the same stand-in.
 */
import { createAuthServer, type LocalAuthServer } from '../../providers/oauth/authServer';
import { startProviderServer, type ProviderServer } from '../../providers/server';
import { sandboxEnvironment } from './providerConfig';

export interface Sandbox {
  providers: ProviderServer;
  auth: LocalAuthServer;
  /** The variables of sandboxEnvironment(url). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startSandbox(opts: { port?: number; warm?: boolean } = {}): Promise<Sandbox> {
  // The auth server is made before the provider server: its consent and clock are bound late, so
  // a Xero consent connects the subject's tenants, a Google one seeds a new account, and both run on the one movable clock.
  const late: { p?: ProviderServer } = {};
  const auth = createAuthServer({
    clock: () => late.p?.clock.now() ?? Date.now(),
    onConsent: (g) => {
      late.p?.xero.onConsent(g);
      late.p?.google.onConsent(g);
      late.p?.microsoft.onConsent(g);
    },
  });
  const providers = await startProviderServer({ auth, port: opts.port, warm: opts.warm });
  late.p = providers;
  return { providers, auth, env: sandboxEnvironment(providers.url), close: () => providers.close() };
}

/** True when no real provider is configured: `npm start` then runs the sandbox. */
export function noProviderConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return !['XERO_CLIENT_ID', 'GOOGLE_CLIENT_ID', 'MS_CLIENT_ID'].some((k) => env[k]?.trim());
}
