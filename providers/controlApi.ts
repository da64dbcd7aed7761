/**
 * The control API under /_control/: the knobs over HTTP, because the server tests run in worker
 * processes while the server lives in the global setup (and Playwright drives a separate process).
 * `control.ts` is its typed client; the routes are listed in README.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MovableClock } from './clock';
import { parseJson, readBody, send, type Answer } from './http';
import type { Violation } from './xero/gate';
import { UnknownTenant, type XeroKnobs } from './xero/knobs';

export interface ControlDeps {
  clock: MovableClock;
  violations: Violation[];
  xero: XeroKnobs;
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
    ['POST', /^\/_control\/xero\/latency$/, (b) => ok(x.latency(Number(b.ms ?? 0)))],
    ['POST', /^\/_control\/xero\/clearFaults$/, () => ok(x.clearFaults())],
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
      const status = err instanceof UnknownTenant ? 404 : err instanceof BadRequest || err instanceof SyntaxError ? 400 : 500;
      send(res, { status, body: { error: err instanceof Error ? err.message : String(err) } });
    }
    return true;
  };
}
