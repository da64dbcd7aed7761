/**
 * IMAP IDLE on the INBOX of each watched account, so new mail is synced within seconds instead of
 * at the next tick. One connection per account, in the process that runs the mail workers; the
 * server's untagged EXISTS / EXPUNGE (VANISHED) / FETCH FLAGS become one debounced "sync this
 * account" request (the queue dedupes it against a sync already waiting). A dropped or refused
 * connection is retried with a doubling back-off; nothing here ever throws into the process.
 * ImapFlow issues IDLE by itself once a mailbox is open and no command runs (after AUTO_IDLE_MS),
 * and restarts it every `maxIdleTime` so no server or NAT drops a connection that looks dead.
 */
import type { ImapFlow } from 'imapflow';
import { brandDb, type RootDb } from '../../db/types';
import { openImap } from '../sync/connect';
import { mailDb } from '../tables';

export interface WatchedAccount {
  schema: string;
  accountId: number;
  /** false: no IMAP IDLE to watch (a Graph account, synced by the ticker alone). */
  idle?: false;
}

export interface IdleWatchOptions {
  root: RootDb;
  /** A change was reported (or the connection came back, and changes may have been missed). */
  onChange: (account: WatchedAccount) => Promise<unknown>;
  onError?: (err: unknown, account: WatchedAccount) => void;
  /** First reconnect delay (default 1 s), doubled after each failure up to `maxBackoffMs` (default 5 min). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Changes within this time make one request (a bulk flag change is one event per mail). */
  debounceMs?: number;
  /** Schedules the reconnects (tests record the delays asked for and run them); default setTimeout. */
  retryTimers?: RetryTimers;
  /** An account's INBOX is open and watched (after each connect): from here on no change goes unreported. */
  onOpen?: (account: WatchedAccount) => void;
}

export interface RetryTimers {
  set(run: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

const realRetryTimers: RetryTimers = {
  set: (run, delayMs) => setTimeout(run, delayMs),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface IdleWatchers {
  /** Watches exactly these accounts from now on: new ones start, the others stop. */
  set(accounts: readonly WatchedAccount[]): void;
  watching(): WatchedAccount[];
  stop(): Promise<void>;
}

const IDLE_RESTART_MS = 5 * 60_000;
/** ImapFlow waits 15 s by default before it idles; this connection has nothing else to do. */
const AUTO_IDLE_MS = 100;
const keyOf = (a: WatchedAccount) => `${a.schema}:${a.accountId}`;

class Watcher {
  private client: ImapFlow | null = null;
  private stopped = false;
  private retryTimer: unknown = null;
  private changeTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private connectedBefore = false;

  constructor(
    readonly account: WatchedAccount,
    private readonly opts: IdleWatchOptions,
  ) {}

  start(): void {
    void this.connect();
  }

  private readonly changed = () => {
    if (this.stopped || this.changeTimer) return;
    this.changeTimer = setTimeout(() => {
      this.changeTimer = null;
      if (this.stopped) return;
      this.opts.onChange(this.account).catch((err) => this.opts.onError?.(err, this.account));
    }, this.opts.debounceMs ?? 250);
  };

  private async connect(): Promise<void> {
    if (this.stopped) return;
    let client: ImapFlow | null = null;
    try {
      client = await openImap(mailDb(brandDb(this.opts.root, this.account.schema)), this.account.accountId, {
        maxIdleTime: IDLE_RESTART_MS,
        autoIdleDelay: AUTO_IDLE_MS,
      });
      if (this.stopped) {
        await client.logout().catch(() => client?.close());
        return;
      }
      this.client = client;
      const own = client;
      client.on('exists', this.changed);
      client.on('expunge', this.changed);
      client.on('flags', this.changed);
      client.on('close', () => this.retry(own));
      await client.mailboxOpen('INBOX', { readOnly: true });
      this.failures = 0;
      // Mail that came while the connection was down has had no event.
      if (this.connectedBefore) this.changed();
      this.connectedBefore = true;
      this.opts.onOpen?.(this.account);
    } catch (err) {
      if (!this.stopped) this.opts.onError?.(err, this.account);
      client?.close();
      this.retry(client);
    }
  }

  /** Schedules one reconnect, whoever notices first (the close event or the failed connect). */
  private retry(from: ImapFlow | null): void {
    if (this.stopped || this.retryTimer !== null || (from && this.client && from !== this.client)) return;
    this.client = null;
    const min = this.opts.minBackoffMs ?? 1000;
    const delay = Math.min(this.opts.maxBackoffMs ?? 300_000, min * 2 ** Math.min(this.failures, 20));
    this.failures += 1;
    this.retryTimer = (this.opts.retryTimers ?? realRetryTimers).set(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer !== null) (this.opts.retryTimers ?? realRetryTimers).clear(this.retryTimer);
    if (this.changeTimer) clearTimeout(this.changeTimer);
    const client = this.client;
    this.client = null;
    if (!client) return;
    // A server that no longer answers must not hold the shutdown.
    const closed = new Promise<void>((resolve) => setTimeout(resolve, 3000).unref());
    await Promise.race([client.logout().catch(() => undefined), closed]);
    client.close();
  }
}

export function startIdleWatchers(opts: IdleWatchOptions): IdleWatchers {
  const watchers = new Map<string, Watcher>();
  return {
    set(accounts) {
      const wanted = new Map(accounts.map((a) => [keyOf(a), a]));
      for (const [key, w] of watchers) {
        if (wanted.has(key)) continue;
        watchers.delete(key);
        void w.stop();
      }
      for (const [key, account] of wanted) {
        if (watchers.has(key)) continue;
        const w = new Watcher(account, opts);
        watchers.set(key, w);
        w.start();
      }
    },
    watching: () => [...watchers.values()].map((w) => w.account),
    async stop() {
      const all = [...watchers.values()];
      watchers.clear();
      await Promise.all(all.map((w) => w.stop()));
    },
  };
}
