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
  /** A lookup of the same session has begun, to take this entry's place (refreshDue). */
  refreshing?: boolean;
}

/** Groups whose writes can end sessions or change what a session user is (role, hidden, settings). */
export const SESSION_GROUPS: ReadonlySet<string> = new Set(['auth', 'users', 'usersettings', 'publicauth', 'dev', 'configs', 'reserve']);

/** When a session lookup began, as `set` needs it to judge what the lookup read (`since`). */
export interface LookupStart {
  generation: number;
  at: number;
}

export class SessionCache {
  private readonly brands = new Map<string, Map<string, Entry>>();
  /** Raised when a brand's entries are dropped, so a lookup begun before that cannot put back what it read. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxPerBrand = 10_000,
  ) {}

  get(schema: string, tokenHash: string): Entry | null {
    const entry = this.brands.get(schema)?.get(tokenHash);
    if (!entry) return null;
    if (Date.now() - entry.at > this.ttlMs) {
      this.brands.get(schema)!.delete(tokenHash);
      return null;
    }
    return entry;
  }

  /**
   * Whether to look the session up again now, while this entry is still served: past half its
   * life, once. Under load a lookup waits behind every query queued for the pool; an entry that
   * simply expired made the user's next requests wait with it, every `ttlMs` (bench: the job
   * sheet's p99).
   */
  refreshDue(entry: Entry): boolean {
    if (entry.refreshing || Date.now() - entry.at < this.ttlMs / 2) return false;
    entry.refreshing = true;
    return true;
  }

  /** What a lookup begun now must give `set` as `since`, for its answer to be kept. */
  since(schema: string): LookupStart {
    return { generation: this.generations.get(schema) ?? 0, at: Date.now() };
  }

  /**
   * `since`: when the lookup that read this began (`since()`); its answer is dropped if the brand's
   * entries were dropped in the meantime, and it ages from when it was read, not from now.
   */
  set(schema: string, tokenHash: string, user: SessionUser, lastSeen: Date, since: LookupStart = this.since(schema)): void {
    if (this.ttlMs <= 0 || since.generation !== (this.generations.get(schema) ?? 0)) return;
    let brand = this.brands.get(schema);
    if (!brand) this.brands.set(schema, (brand = new Map()));
    // A bound on memory: past it, start again rather than track ages (entries live seconds anyway).
    if (brand.size >= this.maxPerBrand) brand.clear();
    brand.set(tokenHash, { user, lastSeen, at: since.at });
  }

  forgetToken(schema: string, tokenHash: string): void {
    this.brands.get(schema)?.delete(tokenHash);
  }

  forgetBrand(schema: string): void {
    this.brands.delete(schema);
    this.generations.set(schema, (this.generations.get(schema) ?? 0) + 1);
  }
}
