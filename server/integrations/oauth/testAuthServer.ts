/**
 * For server tests: the local authorization server (providers/oauth/) on a free loopback port, the
 * environment pointing the product at it (sandboxEnvironment), and a clock both share so a test
 * can move time. The environment is restored when the server closes.
 */
import { createAuthServer, type LocalAuthServer } from '../../../providers/oauth/authServer';
import { listenAuthServer } from '../../../providers/oauth/listen';
import type { ConsentListener } from '../../../providers/types';
import { freePort } from '../../net/freePort';
import { sandboxEnvironment, type ProviderName } from '../providerConfig';
import { beginConnect, completeConnect, type Identify } from './connect';
import type { GrantRow, OAuthDb } from './tables';

export interface TestAuthServer {
  auth: LocalAuthServer;
  base: string;
  clock: () => number;
  /** Moves the shared clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function startTestAuthServer(onConsent?: ConsentListener): Promise<TestAuthServer> {
  let shift = 0;
  const clock = () => Date.now() + shift;
  const auth = createAuthServer({ clock, onConsent });
  const listening = await listenAuthServer(auth, await freePort());
  const env = sandboxEnvironment(listening.base);
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  return {
    auth,
    base: listening.base,
    clock,
    advance: (ms) => void (shift += ms),
    async close() {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      await listening.close();
    },
  };
}

/** A grant made the way a user makes one: beginConnect, the browser at the authorize URL, completeConnect. */
export async function connectThroughFake(
  db: OAuthDb,
  srv: TestAuthServer,
  c: { provider: ProviderName; subject: string; userId: number; redirectUri?: string; scopes?: string[] },
): Promise<GrantRow> {
  const redirectUri = c.redirectUri ?? 'http://app.test/connect';
  const url = await beginConnect(
    db,
    {
      provider: c.provider,
      ownerKind: 'brand',
      ownerId: 0,
      userId: c.userId,
      redirectUri,
      scopes: c.scopes ?? ['scope.one'],
      extraParams: { login_hint: c.subject },
    },
    srv.clock,
  );
  const res = await fetch(url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back.toString()}`);
  const identify: Identify = async ({ accessToken }) => ({ externalId: srv.auth.accessTokenInfo(accessToken)!.subject });
  return (await completeConnect(db, { state: back.searchParams.get('state')!, code, redirectUri, identify, clock: srv.clock })).grant;
}
