/** The auth calls of SPEC.md point 7 and the state changes of point 4 that follow them. */
import { api } from '../dataProvider/apiClient';
import { hashPassword } from './hashPassword';
import { authState, clearSession, setAuthenticated, setUnauthenticated, updateUserSettings } from './authStore';
import type { CurrentUser, UserSettings } from './types';

type WhoamiAnswer = CurrentUser | { is_loggedin: false };

let pendingWhoami: Promise<void> | null = null;

/** First use: sets the state from is_loggedin. Runs once however many guards ask at the same time. */
export function ensureWhoami(): Promise<void> {
  if (authState.get().status !== null) return Promise.resolve();
  pendingWhoami ??= api<WhoamiAnswer>('auth/whoami')
    .then((res) => {
      const user = res?.data;
      if (user && user.is_loggedin) setAuthenticated(user);
      else setUnauthenticated();
    })
    .catch(() => setUnauthenticated())
    .finally(() => {
      pendingWhoami = null;
    });
  return pendingWhoami;
}

/**
 * Settings arrive with the user already; this refresh picks up anything changed elsewhere. It is
 * quiet because a failure leaves the user with the settings they logged in with, not an error.
 */
export async function loadSettings(): Promise<void> {
  try {
    const res = await api<UserSettings>('usersettings/preferences', { quiet: true });
    if (res?.data && typeof res.data === 'object' && !Array.isArray(res.data)) updateUserSettings(res.data);
  } catch {
    // Keep the settings that came with the user.
  }
}

/** Login answers its own failures on the form, so the call is quiet (no notice, no redirect). */
export async function login(email: string, password: string): Promise<CurrentUser> {
  const res = await api<CurrentUser>('auth/login', {
    method: 'POST',
    body: { email: email.trim(), password: await hashPassword(password) },
    quiet: true,
  });
  const user = res?.data;
  if (!user || !user.is_loggedin) throw new Error('login answered without a user');
  setAuthenticated(user, { fromLogin: true });
  await loadSettings();
  return authState.get().user ?? user;
}

export async function logout(): Promise<void> {
  try {
    await api('auth/logout');
  } finally {
    clearSession();
  }
}
