/**
 * Builds the envelope of API.md: `{ [key]: { data, warning, metadata, dbErrors } }`. The key is the
 * API group (CONTRACT-NOTES), taken from the route's config or else from the URL.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbError, EnvelopeBody } from '../../core/envelope/types';
import { SHOW_SNACKBAR_HEADER } from '../../core/envelope/types';
import { serverDatetime } from './datetime';
import { decodedPath } from '../brand/host';

/** `/api/departments/3/details` → 'departments'; non-API paths → 'app'. */
export function groupFromUrl(url: string): string {
  const match = /^\/api\/([^/]+)/.exec(decodedPath(url));
  if (!match) return 'app';
  return match[1].replace(/[^A-Za-z0-9_-]/g, '').slice(0, 60) || 'api';
}

export function envelopeKey(req: FastifyRequest): string {
  const configured = (req.routeOptions?.config as { envelopeKey?: string } | undefined)?.envelopeKey;
  return configured ?? groupFromUrl(req.url);
}

export interface EnvelopeOptions {
  isLogged: boolean;
  totalCount?: number;
  warning?: string | null;
  dbErrors?: DbError[] | null;
}

export function envelopeBody<T>(data: T, opts: EnvelopeOptions): EnvelopeBody<T> {
  const metadata: EnvelopeBody<T>['metadata'] = { server_datetime: serverDatetime(), userData: { isLogged: opts.isLogged } };
  if (opts.totalCount !== undefined) metadata.totalCount = opts.totalCount;
  return { data, warning: opts.warning ?? null, metadata, dbErrors: opts.dbErrors ?? null };
}

export function envelope<T>(key: string, data: T, opts: EnvelopeOptions): Record<string, EnvelopeBody<T>> {
  return { [key]: envelopeBody(data, opts) };
}

export interface OkOptions {
  status?: number;
  totalCount?: number;
  warning?: string | null;
  /** Asks the SPA for a success notice (create, update, delete). */
  snackbar?: boolean;
  key?: string;
}

/** Sends a success envelope; `req.user` decides `isLogged`. Returns the reply for `return`-style handlers. */
export function sendOk<T>(req: FastifyRequest, reply: FastifyReply, data: T, opts: OkOptions = {}): FastifyReply {
  if (opts.snackbar) reply.header(SHOW_SNACKBAR_HEADER, '1');
  reply.code(opts.status ?? 200);
  return reply.send(envelope(opts.key ?? envelopeKey(req), data, { isLogged: !!req.user, totalCount: opts.totalCount, warning: opts.warning }));
}
