/**
 * The fake Graph's mail operations behind their gate: the bearer (the mounting server says whose
 * mailbox a token opens), the contract (mailContracts.ts; a violation is answered 400 and recorded),
 * the knobs' faults (429 with Retry-After, more than 4 requests in flight on one mailbox, 410 on an
 * expired delta), then the handler. `createGraphMail` is what a provider server mounts:
 * `if (await graphMail.handle(req, res)) return;`. It answers only mail paths under
 * `/graph/v1.0/{me|users/{id}}/` (mailFolders, messages, sendMail) and returns false for anything else.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseJson, readBody, send, type Answer } from '../http';
import type { Violation } from '../xero/gate';
import { GRAPH_ROOT, matchPath, type GraphMailContracts } from './mailContracts';
import { GraphMailState, type GraphFolder, type GraphMessage, type Mailbox } from './mailState';

/** Graph's per-mailbox concurrency (Outlook: 4 requests at once per app and mailbox). */
export const MAILBOX_CONCURRENCY = 4;

const MAIL_PATH = /^\/graph\/v1\.0\/(me|users\/[^/]+)\/(mailFolders|messages|sendMail)(\/|$)/;

export interface GraphMailOptions {
  state?: GraphMailState;
  contracts: GraphMailContracts | null;
  violations: Violation[];
  /** The mailbox (user id) a bearer token opens, or null when the token is not valid. */
  subjectOf: (token: string) => string | null;
  /** The server's base URL (next and delta links are absolute). */
  baseUrl: () => string;
}

export interface GraphMailKnobs {
  state: GraphMailState;
  /** The next `count` requests are answered 429 with `Retry-After: retryAfter`. */
  throttle(count: number, retryAfter?: number): void;
  /** Delay before each answer (makes concurrency visible). */
  latency(ms: number): void;
  /** Every delta token of the folder so far answers 410 (SyncStateNotFound). */
  expireDelta(subject: string, folder: string): void;
  /** Seeds `count` plain messages into a folder (default the Inbox). */
  seed(subject: string, count: number, folder?: string): GraphMessage[];
  deliver(subject: string, mime: string | Buffer, folder?: string, opts?: { isRead?: boolean }): GraphMessage;
  /** As the owner in Outlook: moves a message to another folder. */
  moveRemote(subject: string, messageId: string, folder: string): void;
  /** The most requests one mailbox had in flight at once. */
  peakInFlight(subject: string): number;
  /** Calls served, by operation id (without the `.me` suffix). */
  calls: { operationId: string; status: number }[];
}

type Call = {
  op: string;
  box: Mailbox;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  prefix: string;
};

const graphError = (status: number, code: string, message: string, headers?: Record<string, string>): Answer => ({
  status,
  body: { error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': 'sandbox' } } },
  headers,
});

const notFound = () => graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');

function folderWire(state: GraphMailState, box: Mailbox, f: GraphFolder) {
  const messages = state.inFolder(box, f.id);
  return {
    id: f.id,
    displayName: f.displayName,
    parentFolderId: f.parentFolderId,
    childFolderCount: [...box.folders.values()].filter((c) => c.parentFolderId === f.id).length,
    unreadItemCount: messages.filter((m) => !m.isRead).length,
    totalItemCount: messages.length,
    isHidden: false,
  };
}

export function messageWire(m: GraphMessage) {
  return {
    '@odata.type': '#microsoft.graph.message',
    id: m.id,
    changeKey: String(m.changeKey),
    subject: m.subject,
    internetMessageId: m.internetMessageId,
    receivedDateTime: m.receivedDateTime,
    isRead: m.isRead,
    flag: { flagStatus: m.flagStatus },
    parentFolderId: m.folderId,
    from: m.from ? { emailAddress: m.from } : null,
  };
}

interface DeltaToken {
  f: string;
  e: number;
  /** Changes after this seq (null: the whole folder). */
  s: number | null;
  /** Up to this seq (the pass's snapshot). */
  u: number;
  o: number;
}

const encode = (t: DeltaToken) => Buffer.from(JSON.stringify(t)).toString('base64url');
function decode(text: string): DeltaToken | null {
  try {
    const t = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as DeltaToken;
    return typeof t.f === 'string' && typeof t.e === 'number' && typeof t.u === 'number' ? t : null;
  } catch {
    return null;
  }
}

function recipients(list: unknown): { name?: string; address: string }[] {
  return (Array.isArray(list) ? list : []).map((r) => (r as { emailAddress: { name?: string; address: string } }).emailAddress);
}

async function composeMime(box: Mailbox, message: Record<string, unknown>): Promise<Buffer> {
  const body = (message.body ?? {}) as { contentType?: string; content?: string };
  const html = body.contentType?.toLowerCase() === 'html';
  const headers = (Array.isArray(message.internetMessageHeaders) ? message.internetMessageHeaders : []) as { name: string; value: string }[];
  const attachments = (Array.isArray(message.attachments) ? message.attachments : []) as { name?: string; contentType?: string; contentBytes?: string }[];
  const composer = new MailComposer({
    from: { name: box.email, address: box.email },
    to: recipients(message.toRecipients).map((r) => ({ name: r.name ?? '', address: r.address })),
    cc: recipients(message.ccRecipients).map((r) => ({ name: r.name ?? '', address: r.address })),
    bcc: recipients(message.bccRecipients).map((r) => ({ name: r.name ?? '', address: r.address })),
    // Graph's message.replyTo becomes the Reply-To header of what the recipients get.
    ...(Array.isArray(message.replyTo) ? { replyTo: recipients(message.replyTo).map((r) => ({ name: r.name ?? '', address: r.address })) } : {}),
    subject: typeof message.subject === 'string' ? message.subject : '',
    // The Message-ID the sender chose (internetMessageId), else one of the sandbox's.
    ...(typeof message.internetMessageId === 'string' ? { messageId: message.internetMessageId } : {}),
    ...(html ? { html: body.content ?? '' } : { text: body.content ?? '' }),
    headers: Object.fromEntries(headers.map((h) => [h.name, h.value])),
    attachments: attachments.map((a) => ({ filename: a.name, contentType: a.contentType, content: Buffer.from(a.contentBytes ?? '', 'base64') })),
  });
  const node = composer.compile();
  // Sent Items keeps the Bcc recipients, as Outlook's copy does.
  node.keepBcc = true;
  return node.build();
}

export function createGraphMail(opts: GraphMailOptions): { handle: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>; knobs: GraphMailKnobs } {
  const state = opts.state ?? new GraphMailState();
  const inFlight = new Map<string, number>();
  const peaks = new Map<string, number>();
  const calls: GraphMailKnobs['calls'] = [];
  let throttled = 0;
  let retryAfter = 1;
  let latencyMs = 0;

  function delta(c: Call): Answer {
    const folder = state.folder(c.box, c.params['mailFolder-id']);
    if (!folder) return notFound();
    const raw = c.query.get('$skiptoken') ?? c.query.get('$deltatoken');
    const token = raw === null ? null : decode(raw);
    if (raw !== null && (!token || token.f !== folder.id)) return graphError(400, 'ErrorInvalidUrlQuery', 'The delta token is not valid for this folder.');
    if (token && token.e !== folder.epoch)
      return graphError(410, 'SyncStateNotFound', 'The sync state generation is not found; start a new sync without a delta token (resyncRequired).');
    const pass: DeltaToken =
      c.query.has('$skiptoken') && token ? token : { f: folder.id, e: folder.epoch, s: token ? token.u : null, u: state.currentSeq, o: 0 };
    const seen = new Set<string>();
    const ids: string[] = [];
    for (const entry of folder.log) {
      if (entry.seq > pass.u || (pass.s !== null && entry.seq <= pass.s) || seen.has(entry.id)) continue;
      seen.add(entry.id);
      const m = c.box.messages.get(entry.id);
      // A first pass lists what the folder holds; a later one also what left it.
      if (pass.s === null && (!m || m.folderId !== folder.id)) continue;
      ids.push(entry.id);
    }
    const size = Math.min(1000, Math.max(1, Number(/odata\.maxpagesize=(\d+)/.exec(String(c.headers.prefer ?? ''))?.[1] ?? 10)));
    const page = ids.slice(pass.o, pass.o + size);
    const value = page.map((id) => {
      const m = c.box.messages.get(id);
      return m && m.folderId === folder.id ? messageWire(m) : { id, '@removed': { reason: m ? 'changed' : 'deleted' } };
    });
    const link = `${opts.baseUrl()}${GRAPH_ROOT}/${c.prefix}/mailFolders/${encodeURIComponent(folder.id)}/messages/delta`;
    const more = pass.o + size < ids.length;
    const next = more ? { '@odata.nextLink': `${link}?$skiptoken=${encode({ ...pass, o: pass.o + size })}` } : {};
    const done = more ? {} : { '@odata.deltaLink': `${link}?$deltatoken=${encode({ f: folder.id, e: folder.epoch, s: null, u: pass.u, o: 0 })}` };
    return { status: 200, body: { '@odata.context': `${GRAPH_ROOT}/$metadata#Collection(message)`, value, ...next, ...done } };
  }

  const message = (c: Call) => c.box.messages.get(c.params['message-id']) ?? null;

  const handlers: Record<string, (c: Call) => Answer | Promise<Answer>> = {
    user_ListMailFolder: (c) => ({
      status: 200,
      body: { value: [...c.box.folders.values()].filter((f) => f.parentFolderId === null).map((f) => folderWire(state, c.box, f)) },
    }),
    user_GetMailFolder: (c) => {
      const f = state.folder(c.box, c.params['mailFolder-id']);
      return f ? { status: 200, body: folderWire(state, c.box, f) } : notFound();
    },
    'user.mailFolder_ListChildFolder': (c) => {
      const f = state.folder(c.box, c.params['mailFolder-id']);
      if (!f) return notFound();
      return { status: 200, body: { value: [...c.box.folders.values()].filter((x) => x.parentFolderId === f.id).map((x) => folderWire(state, c.box, x)) } };
    },
    'user.mailFolder.message_delta': delta,
    user_GetMessage: (c) => {
      const m = message(c);
      return m ? { status: 200, body: messageWire(m) } : notFound();
    },
    user_GetMessagesContent: (c) => {
      const m = message(c);
      return m ? { status: 200, body: m.mime, headers: { 'content-type': 'text/plain' } } : notFound();
    },
    user_UpdateMessage: (c) => {
      const m = message(c);
      if (!m) return notFound();
      const flag = c.body.flag as { flagStatus?: GraphMessage['flagStatus'] } | undefined;
      state.update(c.box, m, { isRead: typeof c.body.isRead === 'boolean' ? c.body.isRead : undefined, flagStatus: flag?.flagStatus });
      return { status: 200, body: messageWire(m) };
    },
    user_DeleteMessage: (c) => {
      const m = message(c);
      if (!m) return notFound();
      // Graph's DELETE moves the message to Deleted Items; from there it is gone.
      const trash = state.folder(c.box, 'deleteditems')!;
      if (m.folderId === trash.id) state.remove(c.box, m);
      else state.move(c.box, m, trash.id);
      return { status: 204 };
    },
    'user.message_move': (c) => {
      const m = message(c);
      const target = typeof c.body.destinationId === 'string' ? state.folder(c.box, c.body.destinationId) : null;
      if (!m || !target) return notFound();
      state.move(c.box, m, target.id);
      return { status: 201, body: messageWire(m) };
    },
    user_sendMail: async (c) => {
      const msg = c.body.message as Record<string, unknown> | undefined;
      if (!msg || !recipients(msg.toRecipients).length) return graphError(400, 'ErrorInvalidRecipients', 'At least one recipient is not valid.');
      const mime = await composeMime(c.box, msg);
      if (c.body.saveToSentItems !== false) state.addMessage(c.box, state.folder(c.box, 'sentitems')!.id, mime, { isRead: true });
      return { status: 202 };
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://provider.local');
    const where = MAIL_PATH.exec(url.pathname);
    if (!where) return false;
    const method = (req.method ?? 'GET').toUpperCase();
    const text = await readBody(req);
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const subject = token ? opts.subjectOf(token) : null;
    if (!subject) {
      send(res, graphError(401, 'InvalidAuthenticationToken', 'Access token is empty or invalid.', { 'www-authenticate': 'Bearer realm=""' }));
      return true;
    }
    const box = state.mailbox(subject);
    const owner = where[1] === 'me' ? subject : decodeURIComponent(where[1].slice('users/'.length));
    if (owner !== box.id && owner.toLowerCase() !== box.email.toLowerCase()) {
      send(res, graphError(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.'));
      return true;
    }
    let body: unknown;
    try {
      body = parseJson(text);
    } catch {
      opts.violations.push({ method, path: url.pathname, operationId: null, errors: [{ message: 'the request body is not JSON' }] });
      send(res, graphError(400, 'BadRequest', 'Unable to read JSON request payload.'));
      return true;
    }
    // Graph's paging tokens are opaque and not in the contract (its README): validated without them.
    const query = new URLSearchParams(url.search);
    const paging = new URLSearchParams();
    for (const k of ['$skiptoken', '$deltatoken']) if (query.has(k)) paging.set(k, query.get(k)!);
    for (const k of paging.keys()) query.delete(k);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const request = { method, path: matchPath(url.pathname), query: query.toString(), headers, body };
    let operationId: string | null = null;
    if (opts.contracts) {
      for (const api of Object.values(opts.contracts)) {
        const op = api.matchOperation(request);
        if (!op?.operationId) continue;
        operationId = op.operationId;
        const result = api.validateRequest(request, op.operationId);
        if (!result.valid) {
          opts.violations.push({ method, path: url.pathname + url.search, operationId, errors: result.errors ?? [] });
          send(res, graphError(400, 'BadRequest', `The request does not follow the contract: ${JSON.stringify(result.errors).slice(0, 500)}`));
          return true;
        }
        break;
      }
      if (!operationId) {
        opts.violations.push({ method, path: url.pathname + url.search, operationId: null, errors: [{ message: 'no operation of the contract matches' }] });
        send(res, graphError(400, 'BadRequest', 'Resource not found for the segment.'));
        return true;
      }
    } else operationId = routeWithoutContract(method, url.pathname);
    const op = (operationId ?? '').replace(/\.me$/, '');
    const answer = (a: Answer) => {
      calls.push({ operationId: op, status: a.status });
      send(res, a);
      return true;
    };
    if (throttled > 0) {
      throttled -= 1;
      return answer(graphError(429, 'TooManyRequests', 'The request has been throttled.', { 'retry-after': String(retryAfter) }));
    }
    const now = (inFlight.get(box.id) ?? 0) + 1;
    if (now > MAILBOX_CONCURRENCY)
      return answer(graphError(429, 'ApplicationThrottled', 'Application is over its MailboxConcurrency limit.', { 'retry-after': '1' }));
    inFlight.set(box.id, now);
    peaks.set(box.id, Math.max(peaks.get(box.id) ?? 0, now));
    try {
      if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
      const handler = handlers[op];
      if (!handler) return answer(graphError(501, 'NotImplemented', `The provider sandbox does not serve ${op} yet.`));
      const segments = url.pathname
        .slice(GRAPH_ROOT.length + 1 + where[1].length)
        .split('/')
        .map(decodeURIComponent);
      const params: Record<string, string> = {};
      if (segments[1] === 'mailFolders' && segments[2]) params['mailFolder-id'] = segments[2];
      if (segments[1] === 'messages' && segments[2]) params['message-id'] = segments[2];
      const call: Call = {
        op,
        box,
        params,
        query: new URLSearchParams([...query, ...paging]),
        body: body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
        headers: req.headers,
        prefix: where[1],
      };
      return answer(await handler(call));
    } finally {
      inFlight.set(box.id, (inFlight.get(box.id) ?? 1) - 1);
    }
  }

  const knobs: GraphMailKnobs = {
    state,
    calls,
    throttle(count, after = 1) {
      throttled = count;
      retryAfter = after;
    },
    latency(ms) {
      latencyMs = ms;
    },
    expireDelta(subject, folder) {
      const f = state.folder(state.mailbox(subject), folder);
      if (f) f.epoch += 1;
    },
    seed(subject, count, folder = 'inbox') {
      const box = state.mailbox(subject);
      const f = state.folder(box, folder)!;
      const out: GraphMessage[] = [];
      for (let i = 0; i < count; i++) {
        const mime = [
          'From: Sandbox Sender <sender@sandbox.example>',
          `To: ${box.email}`,
          `Subject: Seeded message ${i + 1}`,
          `Message-ID: <seed-${i + 1}-${Date.now()}-${Math.random().toString(36).slice(2)}@sandbox.example>`,
          `Date: ${new Date(Date.UTC(2026, 10, 1) + i * 60_000).toUTCString()}`,
          'MIME-Version: 1.0',
          'Content-Type: text/plain; charset=utf-8',
          '',
          `Body of seeded message ${i + 1}.`,
          '',
        ].join('\r\n');
        out.push(state.addMessage(box, f.id, Buffer.from(mime)));
      }
      return out;
    },
    deliver(subject, mime, folder = 'inbox', o = {}) {
      const box = state.mailbox(subject);
      return state.addMessage(box, state.folder(box, folder)!.id, Buffer.isBuffer(mime) ? mime : Buffer.from(mime), o);
    },
    moveRemote(subject, messageId, folder) {
      const box = state.mailbox(subject);
      const m = box.messages.get(messageId);
      const f = state.folder(box, folder);
      if (!m || !f) throw new Error(`No message ${messageId} or folder ${folder}`);
      state.move(box, m, f.id);
    },
    peakInFlight: (subject) => peaks.get(subject) ?? 0,
  };
  return { handle, knobs };
}

/** Without the contracts (no ../shared/contracts): the operation from the path alone. */
function routeWithoutContract(method: string, pathname: string): string | null {
  const rest = pathname.replace(MAIL_PATH, '/$2$3');
  const table: [string, RegExp, string][] = [
    ['GET', /^\/mailFolders\/?$/, 'user_ListMailFolder'],
    ['GET', /^\/mailFolders\/[^/]+\/?$/, 'user_GetMailFolder'],
    ['GET', /^\/mailFolders\/[^/]+\/childFolders\/?$/, 'user.mailFolder_ListChildFolder'],
    ['GET', /^\/mailFolders\/[^/]+\/messages\/delta\/?$/, 'user.mailFolder.message_delta'],
    ['GET', /^\/messages\/[^/]+\/\$value$/, 'user_GetMessagesContent'],
    ['GET', /^\/messages\/[^/]+\/?$/, 'user_GetMessage'],
    ['PATCH', /^\/messages\/[^/]+\/?$/, 'user_UpdateMessage'],
    ['DELETE', /^\/messages\/[^/]+\/?$/, 'user_DeleteMessage'],
    ['POST', /^\/messages\/[^/]+\/move$/, 'user.message_move'],
    ['POST', /^\/sendMail$/, 'user_sendMail'],
  ];
  return table.find(([m, re]) => m === method && re.test(rest))?.[2] ?? null;
}
