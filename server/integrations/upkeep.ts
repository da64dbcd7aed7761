/**
 * The outside services' periodic upkeep, in every API process (each step is safe to run in several
 * at once): idle grants renewed before their refresh tokens lapse (oauth/keepAlive.ts), and the
 * call history's old minutes folded into days (budget/history.ts). A timer, not a queue: the work
 * is small and idempotent. Env PROVIDER_UPKEEP_INTERVAL_S (default 3600; 0: none in this process).
 */
import type { RootDb } from '../db/types';
import { foldOldCalls } from './budget/history';
import { renewIdleGrants, type KeepAliveReport } from './oauth/keepAlive';

const DEFAULT_INTERVAL_S = 3600;

export function upkeepIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PROVIDER_UPKEEP_INTERVAL_S;
  const seconds = raw === undefined || raw === '' ? DEFAULT_INTERVAL_S : Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : DEFAULT_INTERVAL_S * 1000;
}

export interface UpkeepRun {
  grants: KeepAliveReport;
  foldedMinutes: number;
}

export async function runUpkeep(root: RootDb): Promise<UpkeepRun> {
  const grants = await renewIdleGrants(root);
  const foldedMinutes = await foldOldCalls(root);
  return { grants, foldedMinutes };
}

export interface ProviderUpkeep {
  stop(): Promise<void>;
}

/** A first run at once, then one every interval; errors are reported, never thrown. */
export function startProviderUpkeep(root: RootDb, opts: { intervalMs?: number; onError?: (err: unknown) => void } = {}): ProviderUpkeep {
  const intervalMs = opts.intervalMs ?? upkeepIntervalMs();
  const onError = opts.onError ?? ((err: unknown) => console.error('[provider upkeep]', err));
  if (intervalMs === 0) return { stop: async () => undefined };
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= runUpkeep(root)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
