/**
 * What a Graph operation handler gets, and how handlers are mounted. A route names the contract's
 * operation of the `/users/{user-id}` slice (e.g. `user_GetUser`, `user.mailFolder.message_delta`);
 * the gate serves it on both `/me/...` and `/users/{user-id}/...` (the `/me` twin's contract id is
 * `me.` + that id). The template is relative to the user (`''` is the user itself), as written on the
 * wire: `/mailFolders/{mailFolder-id}/messages/delta`.
 */
import type { Answer } from '../http';
import type { GraphMailbox, MicrosoftState } from './state';

export interface GraphCall {
  /** The slice's operation id (without the `me.` prefix). */
  operationId: string;
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
  /** The token's mailbox (a `/users/{id}` call naming another user never reaches a handler). */
  mailbox: GraphMailbox;
  state: MicrosoftState;
  now: number;
  /** The server's Graph root (`{base}/graph/v1.0`), for the `@odata.nextLink`s and `@odata.deltaLink`s it hands out. */
  graphUrl: string;
}

export type GraphHandler = (call: GraphCall) => Answer | Promise<Answer>;

export interface GraphRoute {
  method: string;
  template: string;
  operationId: string;
  handler: GraphHandler;
}

const toRegex = (template: string) =>
  new RegExp(`^${template.replace(/[$]/g, '\\$').replace(/\{([A-Za-z0-9-]+)\}/g, (_m, name: string) => `(?<${name.replace(/-/g, '_')}>[^/]+)`)}/?$`);

/** The mounted routes: the user route from the start, the mail routes when registered. */
export class GraphRoutes {
  private readonly routes: (GraphRoute & { regex: RegExp })[] = [];

  add(routes: GraphRoute[]): void {
    for (const r of routes) {
      if (this.routes.some((known) => known.operationId === r.operationId)) throw new Error(`Graph operation ${r.operationId} is mounted twice`);
      this.routes.push({ ...r, regex: toRegex(r.template) });
    }
  }

  byOperation(operationId: string) {
    return this.routes.find((r) => r.operationId === operationId) ?? null;
  }

  /** Without the contract loaded: the route of a path relative to the user. */
  byPath(method: string, relative: string) {
    return this.routes.find((r) => r.method === method && r.regex.test(relative)) ?? null;
  }

  /** The path parameters (names as the contract writes them: `mailFolder-id`). */
  params(route: GraphRoute & { regex: RegExp }, relative: string): Record<string, string> {
    const groups = route.regex.exec(relative)?.groups ?? {};
    const names = [...route.template.matchAll(/\{([A-Za-z0-9-]+)\}/g)].map((m) => m[1]);
    return Object.fromEntries(names.map((n) => [n, decodeURIComponent(groups[n.replace(/-/g, '_')] ?? '')]));
  }
}
