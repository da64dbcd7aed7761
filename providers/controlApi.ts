/**
 * The control API under /_control/: the knobs over HTTP, because the server tests run in worker
 * processes while the server lives in the global setup (and Playwright drives a separate process).
 * `control.ts` is its typed client; the routes are listed in README.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MovableClock } from './clock';
import { parseJson, readBody, send, type Answer } from './http';
import type { Violation } from './xero/gate';
import { UnknownGoogleRecord, type GoogleKnobs, type RemoteTaskEdit } from './google/knobs';
import { UnknownTenant, type XeroKnobs } from './xero/knobs';
import type { MicrosoftKnobs } from './microsoft/knobs';
import type { SandboxMailControl } from './microsoft/sandboxMail';

export interface ControlDeps {
  clock: MovableClock;
  violations: Violation[];
  xero: XeroKnobs;
  google: GoogleKnobs;
  microsoft: MicrosoftKnobs;
  /** The fake Graph's mail of its mailboxes (microsoft/sandboxMail.ts). */
  microsoftMail: SandboxMailControl;
}

type Body = Record<string, unknown>;
type Route = (body: Body, params: string[]) => Answer | Promise<Answer>;

const ok = (body: unknown = { ok: true }): Answer => ({ status: 200, body });
const str = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || v === '') throw new BadRequest(`${name} (a text) is required`);
  return v;
};
const rows = (v: unknown): Body[] => {
  if (!Array.isArray(v)) throw new BadRequest('rows (a list) is required');
  return v as Body[];
};

class BadRequest extends Error {}

function routes(d: ControlDeps): [string, RegExp, Route][] {
  const x = d.xero;
  return [
    ['GET', /^\/_control\/clock$/, () => ok({ now: d.clock.now(), offsetMs: d.clock.offsetMs() })],
    [
      'POST',
      /^\/_control\/clock$/,
      (b) => {
        d.clock.advance(Number(b.advanceMs ?? 0));
        return ok({ now: d.clock.now(), offsetMs: d.clock.offsetMs() });
      },
    ],
    ['GET', /^\/_control\/violations$/, () => ok(d.violations)],
    ['DELETE', /^\/_control\/violations$/, () => ok(d.violations.splice(0))],
    ['POST', /^\/_control\/xero\/tokens$/, (b) => ok(x.allowToken(str(b.token, 'token'), str(b.subject, 'subject')))],
    [
      'POST',
      /^\/_control\/xero\/tenants$/,
      (b) => ok(x.createTenant({ name: str(b.name, 'name'), subject: b.subject === undefined ? undefined : str(b.subject, 'subject') })),
    ],
    ['POST', /^\/_control\/xero\/tenants\/([^/]+)\/connect$/, (b, [id]) => ok(x.connect(str(b.subject, 'subject'), id))],
    ['POST', /^\/_control\/xero\/tenants\/([^/]+)\/disconnect$/, (b, [id]) => ok({ disconnected: x.disconnect(str(b.subject, 'subject'), id) })],
    ['POST', /^\/_control\/xero\/tenants\/([^/]+)\/contacts$/, (b, [id]) => ok(x.seedContacts(id, rows(b.rows)))],
    ['POST', /^\/_control\/xero\/tenants\/([^/]+)\/items$/, (b, [id]) => ok(x.seedItems(id, rows(b.rows)))],
    ['POST', /^\/_control\/xero\/tenants\/([^/]+)\/reset$/, (_b, [id]) => ok(x.resetTenant(id))],
    ['GET', /^\/_control\/xero\/tenants\/([^/]+)\/state$/, (_b, [id]) => ok(x.state(id))],
    ['POST', /^\/_control\/xero\/limits$/, (b) => ok(x.limits(b))],
    ['POST', /^\/_control\/xero\/failNext$/, (b) => ok(x.failNext(b))],
    [
      'POST',
      /^\/_control\/xero\/loseAnswer$/,
      (b) => ok(x.loseAnswer({ operationId: str(b.operationId, 'operationId'), count: b.count as number | undefined })),
    ],
    [
      'POST',
      /^\/_control\/xero\/shortAnswer$/,
      (b) => ok(x.shortAnswer({ operationId: str(b.operationId, 'operationId'), count: b.count as number | undefined })),
    ],
    ['POST', /^\/_control\/xero\/latency$/, (b) => ok(x.latency(Number(b.ms ?? 0)))],
    ['POST', /^\/_control\/xero\/clearFaults$/, () => ok(x.clearFaults())],
    ...googleRoutes(d.google),
    ...microsoftRoutes(d.microsoft),
    ...microsoftMailRoutes(d.microsoftMail),
  ];
}

const optStr = (v: unknown, name: string): string | undefined => (v === undefined ? undefined : str(v, name));

/** The fake Google's knobs, per account (the subject the authorization server issued its tokens to). */
function googleRoutes(g: GoogleKnobs): [string, RegExp, Route][] {
  return [
    ['POST', /^\/_control\/google\/tokens$/, (b) => ok(g.allowToken(str(b.token, 'token'), str(b.subject, 'subject')))],
    [
      'POST',
      /^\/_control\/google\/accounts$/,
      (b) => ok(g.createAccount({ subject: str(b.subject, 'subject'), email: optStr(b.email, 'email'), name: optStr(b.name, 'name'), seed: b.seed === true })),
    ],
    ['GET', /^\/_control\/google\/accounts\/([^/]+)\/state$/, (_b, [s]) => ok(g.state(s))],
    [
      'POST',
      /^\/_control\/google\/accounts\/([^/]+)\/files$/,
      (b, [s]) =>
        ok(
          g.addFile(s, {
            name: str(b.name, 'name'),
            mimeType: str(b.mimeType, 'mimeType'),
            parent: optStr(b.parent, 'parent'),
            content: optStr(b.content, 'content'),
          }),
        ),
    ],
    ['POST', /^\/_control\/google\/accounts\/([^/]+)\/tasklists$/, (b, [s]) => ok(g.addTaskList(s, str(b.title, 'title')))],
    [
      'POST',
      /^\/_control\/google\/accounts\/([^/]+)\/tasklists\/([^/]+)\/tasks$/,
      (b, [s, list]) => ok(g.addTask(s, list, { title: str(b.title, 'title'), notes: optStr(b.notes, 'notes'), due: optStr(b.due, 'due') })),
    ],
    ['POST', /^\/_control\/google\/accounts\/([^/]+)\/tasks\/([^/]+)\/edit$/, (b, [s, task]) => ok(g.editRemote(s, task, b as RemoteTaskEdit))],
    [
      'POST',
      /^\/_control\/google\/quota$/,
      (b) =>
        ok(g.quota({ count: b.count as number | undefined, status: b.status as 403 | 429 | undefined, operationId: optStr(b.operationId, 'operationId') })),
    ],
    ['POST', /^\/_control\/google\/failNext$/, (b) => ok(g.failNext(b))],
    ['POST', /^\/_control\/google\/clearFaults$/, () => ok(g.clearFaults())],
  ];
}

/** The fake Graph's knobs, per mailbox (the subject the authorization server issued its tokens to). */
function microsoftRoutes(m: MicrosoftKnobs): [string, RegExp, Route][] {
  const num = (v: unknown) => (v === undefined ? undefined : Number(v));
  return [
    ['POST', /^\/_control\/microsoft\/tokens$/, (b) => ok(m.allowToken(str(b.token, 'token'), str(b.subject, 'subject')))],
    [
      'POST',
      /^\/_control\/microsoft\/mailboxes$/,
      (b) => ok(m.createMailbox({ subject: str(b.subject, 'subject'), mail: optStr(b.mail, 'mail'), displayName: optStr(b.displayName, 'displayName') })),
    ],
    [
      'GET',
      /^\/_control\/microsoft\/mailboxes\/([^/]+)\/state$/,
      (_b, [s]) => {
        const state = m.state(s);
        return state ? ok(state) : { status: 404, body: { error: `no mailbox for ${s}` } };
      },
    ],
    [
      'POST',
      /^\/_control\/microsoft\/throttle$/,
      (b) => ok(m.throttle({ count: num(b.count), retryAfterS: num(b.retryAfterS), operationId: optStr(b.operationId, 'operationId') })),
    ],
    ['POST', /^\/_control\/microsoft\/concurrency$/, (b) => ok(m.setConcurrency(Number(b.n ?? 4)))],
    ['POST', /^\/_control\/microsoft\/failNext$/, (b) => ok(m.failNext(b))],
    ['POST', /^\/_control\/microsoft\/latency$/, (b) => ok(m.latency(Number(b.ms ?? 0)))],
    ['POST', /^\/_control\/microsoft\/clearFaults$/, () => ok(m.clearFaults())],
  ];
}

/** The mail of a mailbox (by the subject the authorization server issued its tokens to). */
function microsoftMailRoutes(m: SandboxMailControl): [string, RegExp, Route][] {
  const wrap = <T>(work: () => T): Answer => {
    try {
      return ok(work());
    } catch (err) {
      return { status: 404, body: { error: err instanceof Error ? err.message : String(err) } };
    }
  };
  return [
    [
      'POST',
      /^\/_control\/microsoft\/mailboxes\/([^/]+)\/messages$/,
      (b, [s]) => {
        const mime = str(b.mime, 'mime');
        const folder = optStr(b.folder, 'folder');
        return wrap(() => m.deliver(s, { mime, folder, isRead: b.isRead === undefined ? undefined : b.isRead === true }));
      },
    ],
    ['GET', /^\/_control\/microsoft\/mailboxes\/([^/]+)\/folders\/([^/]+)\/messages$/, (_b, [s, folder]) => wrap(() => m.messages(s, folder))],
  ];
}

export function createControlApi(deps: ControlDeps) {
  const table = routes(deps);
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const { pathname } = new URL(req.url ?? '/', 'http://provider.local');
    if (!pathname.startsWith('/_control/')) return false;
    const text = await readBody(req);
    const route = table.find(([method, re]) => method === req.method && re.test(pathname));
    if (!route) {
      const known = table.some(([, re]) => re.test(pathname));
      send(res, { status: known ? 405 : 404, body: { error: `no control route ${req.method} ${pathname}` } });
      return true;
    }
    try {
      const body = (parseJson(text) ?? {}) as Body;
      const params = (route[1].exec(pathname) ?? []).slice(1).map(decodeURIComponent);
      send(res, await route[2](body, params));
    } catch (err) {
      const status =
        err instanceof UnknownTenant || err instanceof UnknownGoogleRecord ? 404 : err instanceof BadRequest || err instanceof SyntaxError ? 400 : 500;
      send(res, { status, body: { error: err instanceof Error ? err.message : String(err) } });
    }
    return true;
  };
}
