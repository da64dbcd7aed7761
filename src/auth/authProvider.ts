/**
 * react-admin's AuthProvider over our auth state. Route guards do the real gating; react-admin
 * asks checkAuth from its list and edit controllers, and getIdentity for the user badge.
 */
import type { AuthProvider } from 'ra-core';
import { ensureWhoami, login, logout } from './authApi';
import { authState } from './authStore';
import { initialsOf } from './initials';

export interface Identity {
  id: number;
  fullName: string;
  initials: string;
}

export const authProvider: AuthProvider = {
  async login(params: { email: string; password: string }) {
    await login(params.email, params.password);
  },
  async logout() {
    if (authState.get().status === 'authenticated') await logout();
    return '/login';
  },
  async checkAuth() {
    await ensureWhoami();
    // message:false: the guard already sent the user to /login?to=, no extra "please log in" notice.
    if (authState.get().status !== 'authenticated') throw { redirectTo: '/login', message: false };
  },
  // The fetch wrapper already handled 401/403 (logout, redirects); react-admin must not log out again.
  checkError: async () => undefined,
  async getIdentity(): Promise<Identity> {
    await ensureWhoami();
    const user = authState.get().user;
    if (!user) throw new Error('not logged in');
    return { id: user.us_id, fullName: user.fullname, initials: initialsOf(user.fullname) };
  },
  async getPermissions() {
    await ensureWhoami();
    return authState.get().user?.role ?? null;
  },
};
