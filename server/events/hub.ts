/**
 * One listening connection per API process (not one per stream): a plain pg client, outside the
 * pool, LISTENs on the event channel and hands each event to this process's open streams. LISTEN
 * needs a session of its own, so behind a transaction pooler it takes a direct URL
 * (DATABASE_LISTEN_URL). When the connection drops (PostgreSQL restarted, network) it is opened
 * again with a growing pause, and the streams are told to read everything again (`resync`):
 * events raised meanwhile are lost.
 */
import pg from 'pg';
import { EVENT_CHANNEL, parseChannelEvent, type ChannelEvent } from './channel';

export type HubListener = (event: ChannelEvent | 'resync') => void;

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5000;

export class EventHub {
  private readonly listeners = new Set<HubListener>();
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private connectedOnce = false;

  constructor(private readonly connectionString: string) {}

  /** Resolves once listening; a first connection that fails is retried in the background. */
  async start(): Promise<void> {
    await this.connect().catch(() => this.retryLater());
  }

  get listening(): boolean {
    return this.client !== null;
  }

  get streams(): number {
    return this.listeners.size;
  }

  subscribe(listener: HubListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private dispatch(event: ChannelEvent | 'resync'): void {
    for (const listener of this.listeners) listener(event);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      const event = parseChannelEvent(msg.payload);
      if (event) this.dispatch(event);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    try {
      await client.query(`listen ${EVENT_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) return void (await client.end().catch(() => undefined));
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    if (this.connectedOnce) this.dispatch('resync');
    this.connectedOnce = true;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed || this.retryTimer) return;
    // A first connection that never came up still counts: streams opened meanwhile catch up.
    this.connectedOnce = true;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch(() => this.retryLater());
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }
}
