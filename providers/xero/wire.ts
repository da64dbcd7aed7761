/** Xero's wire forms: Microsoft JSON dates, the answer envelope and its error bodies. */
import { randomUUID } from 'node:crypto';
import type { Answer } from '../http';

/** `/Date(1700000000000+0000)/`, as Xero writes UpdatedDateUTC and document dates. */
export const msDate = (ms: number): string => `/Date(${ms}+0000)/`;

/** `2026-11-27T00:00:00`: Xero's *String twins of its dates (no zone). */
export const isoNoZone = (ms: number): string => new Date(ms).toISOString().slice(0, 19);

/**
 * A date as a client sends it (YYYY-MM-DD, ISO with or without zone, or /Date(ms)/) in ms, or null.
 * A timestamp without a zone is UTC, as Xero reads If-Modified-Since.
 */
export function parseXeroDate(text: string | undefined): number | null {
  if (!text) return null;
  const ms = /^\/Date\((-?\d+)/.exec(text);
  if (ms) return Number(ms[1]);
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text) || !text.includes('T') ? text : `${text}Z`;
  const t = Date.parse(zoned);
  return Number.isNaN(t) ? null : t;
}

/** The envelope Xero puts around every accounting list: `{ Id, Status, ProviderName, DateTimeUTC, <Key>: [...] }`. */
export function envelope(now: number, key: string, rows: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { Id: randomUUID(), Status: 'OK', ProviderName: 'Provider sandbox', DateTimeUTC: msDate(now), ...extra, [key]: rows };
}

/** Xero's problem body (identity and auth failures): `{ Type, Title, Status, Detail }`. */
export const problem = (status: number, title: string, detail: string): Answer => ({
  status,
  body: { Type: null, Title: title, Status: status, Detail: detail },
});

export const unauthorized = (): Answer => ({
  ...problem(401, 'Unauthorized', 'AuthenticationUnsuccessful'),
  headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
});

/** A tenant the token has no connection to. */
export const forbidden = (): Answer => problem(403, 'Forbidden', 'AuthorizationUnsuccessful');

/** Xero's 404 for an unknown id: a plain-text body. */
export const notFound = (): Answer => ({
  status: 404,
  body: "The resource you're looking for cannot be found",
});

/** The 400 of a summarised batch (summarizeErrors not false): nothing is saved. */
export function validationException(elements: unknown[]): Answer {
  return { status: 400, body: { ErrorNumber: 10, Type: 'ValidationException', Message: 'A validation exception occurred', Elements: elements } };
}

/** One validation message in Xero's element form. */
export const message = (text: string) => ({ Message: text });
