/**
 * SPEC.md point 6's preloading: operators and developers get reference data (global parameters
 * with the job tags, engineers, operators, customers, workers ...) loaded once signed in, kept in
 * a small client cache, refreshed on the frontend cron interval and whenever the data provider
 * changes the underlying resource. Other users load an entry when a screen asks. Contacts and
 * property managers are not listed here: a brand may hold 100,000 of them, so their pickers
 * search the server (src/pickers) and react-query keeps what was found.
 */
import { checkAccess, type Gate } from '../../core/access/access';
import { DEVELOPER, OPERATOR_GROUP, STAFF, type Role } from '../../core/access/roles';
import type { BrandFeatures } from '../../core/brand/types';
import { authState } from '../auth/authStore';
import { api } from '../dataProvider/apiClient';
import { createStore } from '../util/createStore';
import { MICROSOFT_GATE } from '../../core/microsoft/constants';

export interface Source {
  path: string;
  method: 'GET' | 'POST';
  /** Resources whose change makes this entry stale. */
  dependsOn: string[];
  /** Who may load it: a refused call would send the user to the not-allowed page. */
  gate: Gate;
}

const userList = (name: string): Source => ({ path: `users/${name}`, method: 'GET', dependsOn: ['users'], gate: { roles: STAFF } });

export const SOURCES: Record<string, () => Source | null> = {
  globalparams: () => ({ path: 'globalparams/list', method: 'GET', dependsOn: ['departments', 'jobtags', 'xerotaxrates'], gate: { roles: ['ANY'] } }),
  engineers: () => userList('engineers'),
  operators: () => userList('operators'),
  customers: () => userList('customers'),
  workers: () => userList('bemworkers'),
  // SPEC point 6: mail-cloud accounts load when microsoft.emails is on (the gate names the feature).
  microsoftaccounts: () => ({ path: 'microsoftaccounts/list', method: 'GET', dependsOn: ['microsoftaccounts'], gate: MICROSOFT_GATE }),
};

export type PreloadName = keyof typeof SOURCES;
export const PRELOADED_ROLES: readonly Role[] = [...OPERATOR_GROUP, ...DEVELOPER];
/** SPEC.md point 9: the frontend cron interval modifier, 60 s by default. */
export const CRON_INTERVAL_MS = 60_000;

export const preloadCache = createStore<Partial<Record<PreloadName, unknown>>>({});
const running = new Map<PreloadName, Promise<void>>();

let brandFeatures: BrandFeatures | undefined;

export function loadPreloaded(name: PreloadName): Promise<void> {
  const source = SOURCES[name]?.();
  const { status, user } = authState.get();
  if (!source || status !== 'authenticated' || !user) return Promise.resolve();
  if (!checkAccess(source.gate, { role: user.role, features: brandFeatures }).ok) return Promise.resolve();
  const current = running.get(name);
  if (current) return current;
  const [path, query] = source.path.split('?');
  const params = Object.fromEntries(new URLSearchParams(query ?? ''));
  const job = api(path, { method: source.method, query: params, body: source.method === 'POST' ? {} : undefined })
    .then((res) => {
      if (res) preloadCache.set((prev) => ({ ...prev, [name]: res.data }));
    })
    .catch(() => undefined)
    .finally(() => running.delete(name));
  running.set(name, job);
  return job;
}

/** Reloads the entries that depend on a changed resource (all of them without one). */
export function refreshPreloaded(changedResource?: string): Promise<void[]> {
  const names = (Object.keys(SOURCES) as PreloadName[]).filter((n) => {
    if (!changedResource) return true;
    const source = SOURCES[n]();
    return !!source && source.dependsOn.includes(changedResource) && n in preloadCache.get();
  });
  return Promise.all(names.map(loadPreloaded));
}

let timer: ReturnType<typeof setInterval> | null = null;

function stop(): void {
  if (timer) clearInterval(timer);
  timer = null;
  preloadCache.set({});
}

/** Follows the auth state: preload for operators and developers, clear on logout. */
export function startPreloading(features: BrandFeatures | undefined, intervalMs = CRON_INTERVAL_MS): () => void {
  brandFeatures = features;
  let lastUser: string | null = null;
  const apply = () => {
    const { status, user } = authState.get();
    const id = status === 'authenticated' && user ? `${user.us_id}:${user.role}` : null;
    if (id === lastUser) return;
    lastUser = id;
    stop();
    if (!user || !PRELOADED_ROLES.includes(user.role)) return;
    void refreshPreloaded();
    timer = setInterval(() => void refreshPreloaded(), intervalMs);
  };
  apply();
  const unsubscribe = authState.subscribe(apply);
  return () => {
    unsubscribe();
    stop();
  };
}
