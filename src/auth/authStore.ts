/**
 * The authentication state machine of SPEC.md point 4: unknown (null) → authenticated or
 * unauthenticated. The fetch wrapper reads it (is the client logged in?) and the route guards
 * wait on it, so it lives outside React.
 */
import { resetErrorCounter } from '../errors/errorListStore';
import { createStore, useStoreValue } from '../util/createStore';
import type { AuthState, CurrentUser, UserSettings } from './types';

export const authState = createStore<AuthState>({ status: null, user: null });

type LoginHook = (user: CurrentUser) => void;
const loginHooks = new Set<LoginHook>();

/** SPEC.md point 4's "local login hook": code that must run whenever a user logs in. */
export function onLogin(hook: LoginHook): () => void {
  loginHooks.add(hook);
  return () => loginHooks.delete(hook);
}

export function setAuthenticated(user: CurrentUser, { fromLogin = false } = {}): void {
  authState.set({ status: 'authenticated', user });
  if (fromLogin) loginHooks.forEach((hook) => hook(user));
}

export function setUnauthenticated(): void {
  authState.set({ status: 'unauthenticated', user: null });
}

/** Logout of SPEC.md point 4: clears the user and resets the error-list counters. */
export function clearSession(): void {
  setUnauthenticated();
  resetErrorCounter();
}

export function updateUserSettings(patch: UserSettings): void {
  authState.set((prev) => (prev.user ? { ...prev, user: { ...prev.user, settings: { ...prev.user.settings, ...patch } } } : prev));
}

export const isLoggedIn = () => authState.get().status === 'authenticated';
export const currentUser = () => authState.get().user;

export function useAuth(): AuthState {
  return useStoreValue(authState);
}

/** For tests: back to the unknown state. */
export function resetAuthState(): void {
  authState.set({ status: null, user: null });
}
