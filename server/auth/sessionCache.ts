/**
 * A short-lived, per-process memory of session lookups, so a busy user's requests do not each pay
 * a database round trip before their own query. Correctness comes from invalidation: a state-changing
 * call to a group that can change users or sessions (auth, users, usersettings, publicauth, dev)
 * drops the brand's whole cache, and logout drops its token. Other API processes on the same
 * database see such a change within `ttlMs` (the same bound as the brand cache).
 */
import type { SessionUser } from './types';

interface Entry {
  user: SessionUser;
  lastSeen: Date;
  at: number;
}

/** Groups whose writes can end sessions or change what a session user is (role, hidden, settings). */
export const SESSION_GROUPS: ReadonlySet<string> = new Set(['auth', 'users', 'usersettings', 'publicauth', 'dev', 'configs', 'reserve']);

export class SessionCache {
  private readonly brands = new Map<string, Map<string, Entry>>();

  constructor(private readonly ttlMs: number, private readonly maxPerBrand = 10_000) {}

  get(schema: string, tokenHash: string): Entry | null {
    const entry = this.brands.get(schema)?.get(tokenHash);
    if (!entry) return null;
    if (Date.now() - entry.at > this.ttlMs) {
      this.brands.get(schema)!.delete(tokenHash);
      return null;
    }
    return entry;
  }

  set(schema: string, tokenHash: string, user: SessionUser, lastSeen: Date): void {
    if (this.ttlMs <= 0) return;
    let brand = this.brands.get(schema);
    if (!brand) this.brands.set(schema, (brand = new Map()));
    // A bound on memory: past it, start again rather than track ages (entries live seconds anyway).
    if (brand.size >= this.maxPerBrand) brand.clear();
    brand.set(tokenHash, { user, lastSeen, at: Date.now() });
  }

  forgetToken(schema: string, tokenHash: string): void {
    this.brands.get(schema)?.delete(tokenHash);
  }

  forgetBrand(schema: string): void {
    this.brands.delete(schema);
  }
}
