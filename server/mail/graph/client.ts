/**
 * The Graph mail calls of the mail engine's Graph source, through the shared provider client (typed
 * errors, the shared rate budget: a 429 blocks the mailbox's key until its Retry-After and ends the
 * sync, which the queue runs again later). At most MAILBOX_CONCURRENCY requests of one mailbox are in
 * flight at once in this process (Outlook's limit per app and mailbox), whatever asks: the sync's
 * MIME downloads and the write-backs share one gate per mailbox.
 */
import { brandSchemaOf, rootOfBound } from '../../db/types';
import { block, type BudgetLimits } from '../../integrations/budget/budget';
import { RateLimited } from '../../integrations/http/errors';
import { providerClient, type ProviderClient } from '../../integrations/http/providerClient';
import { microsoftEndpoints } from '../../integrations/providerConfig';

export const MAILBOX_CONCURRENCY = 4;
/** Outlook allows 10,000 requests per 10 minutes per mailbox; the budget keeps under it. */
export const GRAPH_MAIL_BUDGET_LIMITS: BudgetLimits = { perMinute: 900, perDay: 1_000_000, concurrent: MAILBOX_CONCURRENCY };
/** Items per delta page asked for (Prefer: odata.maxpagesize). */
export const DELTA_PAGE_SIZE = 200;

/** `MS_GRAPH_MAIL_PER_MINUTE` overrides the minute window (the bench's sandbox has no 10-minute limit to respect). */
function budgetLimits(): BudgetLimits {
  const perMinute = Number(process.env.MS_GRAPH_MAIL_PER_MINUTE);
  return Number.isInteger(perMinute) && perMinute > 0 ? { ...GRAPH_MAIL_BUDGET_LIMITS, perMinute } : GRAPH_MAIL_BUDGET_LIMITS;
}

export interface GraphFolderWire {
  id: string;
  displayName: string;
  parentFolderId?: string | null;
  childFolderCount?: number;
  totalItemCount?: number;
  unreadItemCount?: number;
}

export interface GraphMessageWire {
  id: string;
  '@removed'?: { reason: string };
  internetMessageId?: string;
  isRead?: boolean;
  flag?: { flagStatus?: string };
  receivedDateTime?: string;
}

export interface DeltaPage {
  value: GraphMessageWire[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

/** A message the product sends, in Graph's JSON form (sendMail's `message`). */
export interface GraphOutgoing {
  subject: string;
  body: { contentType: 'html' | 'text'; content: string };
  toRecipients: { emailAddress: { address: string; name?: string } }[];
  ccRecipients?: { emailAddress: { address: string; name?: string } }[];
  bccRecipients?: { emailAddress: { address: string; name?: string } }[];
  replyTo?: { emailAddress: { address: string; name?: string } }[];
  internetMessageHeaders?: { name: string; value: string }[];
  attachments?: { '@odata.type': '#microsoft.graph.fileAttachment'; name: string; contentType: string; contentBytes: string }[];
}

/** A tiny counting semaphore (no dependency: p-limit is only in node_modules through other packages). */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

const gates = new Map<string, Gate>();
const gateOf = (key: string) => {
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = new Gate(MAILBOX_CONCURRENCY)));
  return gate;
};

export interface GraphMailClientOptions {
  /** The brand database of the mail account (the budget's root and key come from it). */
  db: object;
  mailaccountId: number;
  getAccessToken: () => Promise<string>;
  /** Graph's base, `/v1.0` included (default: the configured MS_GRAPH_URL). */
  graphUrl?: string;
  /** Whether to lease from the shared rate budget (default: when the database is bound to a root). */
  budget?: boolean;
  clock?: () => number;
  /** Items per delta page (default DELTA_PAGE_SIZE). */
  pageSize?: number;
}

export interface GraphMailClient {
  folders(): Promise<GraphFolderWire[]>;
  childFolders(id: string): Promise<GraphFolderWire[]>;
  /** A delta page: from a stored link (next or delta), or the folder's first page. */
  delta(link: string | null, folderId: string): Promise<DeltaPage>;
  mime(id: string): Promise<Buffer>;
  patch(id: string, changes: { isRead?: boolean; flag?: { flagStatus: 'flagged' | 'notFlagged' } }): Promise<void>;
  move(id: string, destinationId: string): Promise<string>;
  remove(id: string): Promise<void>;
  send(message: GraphOutgoing): Promise<void>;
}

const enc = encodeURIComponent;

export function graphMailClient(o: GraphMailClientOptions): GraphMailClient {
  const baseUrl = (o.graphUrl ?? microsoftEndpoints().graphUrl).replace(/\/+$/, '');
  const schema = brandSchemaOf(o.db) ?? 'brand';
  const root = o.budget === false ? null : rootOfBound(o.db);
  const key = `microsoft:mail:${schema}:${o.mailaccountId}`;
  const client: ProviderClient = providerClient({
    provider: 'microsoft',
    baseUrl,
    auth: { token: o.getAccessToken },
    budget: root ? { root, key: { provider: 'microsoft', scopeKey: key }, limits: budgetLimits() } : null,
    clock: o.clock,
  });
  // MIME downloads (one per new mail) skip the budget's lease, three statements on one row per call,
  // which serialised them: the semaphore holds them to 4 at once, each delta page before them takes
  // its lease, and a 429 on a download still blocks the mailbox's key until Retry-After.
  const downloads: ProviderClient = providerClient({ provider: 'microsoft', baseUrl, auth: { token: o.getAccessToken }, budget: null, clock: o.clock });
  const now = o.clock ?? Date.now;
  const gate = gateOf(key);
  const headers = { Prefer: `odata.maxpagesize=${o.pageSize ?? DELTA_PAGE_SIZE}, IdType="ImmutableId"` };
  const idHeaders = { Prefer: 'IdType="ImmutableId"' };
  const call = <T>(method: string, path: string, c: Parameters<ProviderClient['call']>[2] = {}) =>
    gate.run(async () => (await client.call<T>(method, path, { ...c, headers: { ...idHeaders, ...c.headers } })).body);
  /** A next or delta link is absolute: what follows the base is the path and query to call. */
  const relative = (link: string) => {
    if (!link.startsWith(baseUrl)) throw new Error(`A Graph link outside ${baseUrl}: ${link}`);
    const url = new URL(link);
    return { path: url.pathname.slice(new URL(baseUrl).pathname.length), query: Object.fromEntries(url.searchParams) };
  };
  const select = 'id,internetMessageId,isRead,flag,receivedDateTime';
  return {
    folders: async () => (await call<{ value: GraphFolderWire[] }>('GET', '/me/mailFolders')).value,
    childFolders: async (id) => (await call<{ value: GraphFolderWire[] }>('GET', `/me/mailFolders/${enc(id)}/childFolders`)).value,
    delta: async (link, folderId) => {
      const { path, query } = link ? relative(link) : { path: `/me/mailFolders/${enc(folderId)}/messages/delta`, query: { $select: select } };
      return call<DeltaPage>('GET', path, { query, headers });
    },
    mime: (id) =>
      gate.run(async () => {
        try {
          const answer = await downloads.stream('GET', `/me/messages/${enc(id)}/$value`, { headers: idHeaders });
          return answer.body ? Buffer.from(await new Response(answer.body).arrayBuffer()) : Buffer.alloc(0);
        } catch (err) {
          if (err instanceof RateLimited && root) {
            const retryAt = await block(root, { provider: 'microsoft', scopeKey: key }, Math.max(1, Math.ceil((err.retryAt.getTime() - now()) / 1000)), now());
            throw new RateLimited('microsoft', err.status, retryAt, err.problem);
          }
          throw err;
        }
      }),
    patch: async (id, changes) => {
      await call('PATCH', `/me/messages/${enc(id)}`, { body: changes });
    },
    move: async (id, destinationId) => (await call<{ id: string }>('POST', `/me/messages/${enc(id)}/move`, { body: { destinationId } })).id,
    remove: async (id) => {
      await call('DELETE', `/me/messages/${enc(id)}`);
    },
    send: async (message) => {
      await call('POST', '/me/sendMail', { body: { message, saveToSentItems: true } });
    },
  };
}
