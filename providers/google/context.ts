/** What a Google operation handler gets: the validated request, the token's account and the clock's now. */
import type { Answer } from '../http';
import type { GoogleAccount, GoogleState } from './state';

export interface GoogleCall {
  operationId: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  account: GoogleAccount;
  state: GoogleState;
  now: number;
  /** The server's own base URL, for the selfLinks it hands out. */
  baseUrl: string;
}

export type GoogleHandler = (call: GoogleCall) => Answer;

/** A whole-number query parameter within [min, max], its default when absent, or null when out of range. */
export function intParam(call: GoogleCall, name: string, fallback: number, min: number, max: number): number | null {
  const raw = call.query.get(name);
  if (raw === null) return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** Page tokens are offsets into the ordered list, opaque to the client as Google's are. */
export const encodePageToken = (offset: number): string => Buffer.from(`o:${offset}`).toString('base64url');
export function decodePageToken(token: string | null): number | null {
  if (token === null) return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : null;
}

export function page<T>(rows: T[], offset: number, size: number): { rows: T[]; nextPageToken?: string } {
  const slice = rows.slice(offset, offset + size);
  return offset + size < rows.length ? { rows: slice, nextPageToken: encodePageToken(offset + size) } : { rows: slice };
}
