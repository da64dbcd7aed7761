/**
 * For server tests: the local authorization server (providers/oauth/) on a free loopback port, the
 * environment pointing the product at it (sandboxEnvironment), and a clock both share so a test
 * can move time. The environment is restored when the server closes.
 */
import { createAuthServer, type LocalAuthServer } from '../../../providers/oauth/authServer';
import { listenAuthServer } from '../../../providers/oauth/listen';
import type { ConsentListener } from '../../../providers/types';
import { freePort } from '../../net/freePort';
import { sandboxEnvironment } from '../providerConfig';

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
