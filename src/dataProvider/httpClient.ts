/**
 * The one fetch wrapper every API call goes through (SPEC.md points 7 and 8): credentials
 * included, bodies preprocessed (empty strings → null), answers unwrapped from the envelope,
 * warnings and failures shown as notices and stored in the error list, 401/403 turned into
 * navigation. Dependencies are injected so the response table can be unit-tested.
 */
import type { DbError, EnvelopeBody, EnvelopeMetadata } from '../../core/envelope/types';
import { SHOW_SNACKBAR_HEADER } from '../../core/envelope/types';
import type { NewError } from '../errors/errorListStore';
import type { NoticeKind } from '../notices/types';
import { ApiError } from './ApiError';
import { unwrapEnvelope } from './envelope';
import { fieldErrorsFrom, messageFromDbErrors, type Translate } from './errorMessage';
import { nullifyEmptyStrings } from './nullifyEmptyStrings';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
  /** No notice, no error-list entry, no auth redirect: the caller shows the outcome itself (login form). */
  quiet?: boolean;
  /** Resource name, to label the field of a VALIDATION message. */
  resource?: string;
  /** Shown instead of the generic success notice ("Element updated") when the server asks for one: a job save names the job. */
  successText?: string;
}

export interface ApiResponse<T> {
  data: T;
  metadata: EnvelopeMetadata | null;
  warning: string | null;
  status: number;
  headers: Headers;
}

export interface HttpClientDeps {
  apiUrl: () => string;
  fetch: typeof fetch;
  translate: Translate;
  notify: (kind: NoticeKind, message: string) => void;
  storeError: (entry: NewError) => void;
  isLoggedIn: () => boolean;
  /** Drops the client session without calling the server (it already said we are out). */
  forceLogout: () => void;
  navigate: (to: string) => void;
  /** Path plus query of the page being shown, for ?to= */
  currentPath: () => string;
  currentPageTitle: () => string;
  fieldLabel?: (resource: string, field: string) => string | undefined;
}

export type HttpClient = <T = unknown>(path: string, options?: RequestOptions) => Promise<ApiResponse<T> | undefined>;

export function buildUrl(apiUrl: string, path: string, query?: RequestOptions['query']): string {
  const base = `${apiUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isAbort = (err: unknown) => (err instanceof DOMException ? err.name === 'AbortError' : (err as { name?: string })?.name === 'AbortError');

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const { translate } = deps;

  function successText(method: HttpMethod, header: string, status: number): string {
    // The header normally says only "1"; a longer value is taken as the text to show.
    if (header && header !== '1' && header.toLowerCase() !== 'true') return decodeURIComponent(header);
    if (method === 'DELETE') return translate('ra.notification.deleted', { count: 1 });
    // A named POST action (users/updateUser, setPassword ...) that answers 200 changed something; creates answer 201.
    if (method === 'PATCH' || method === 'PUT' || (method === 'POST' && status !== 201)) return translate('ra.notification.updated', { count: 1 });
    return translate('ra.notification.created');
  }

  function toLogin() {
    const here = deps.currentPath();
    if (!here.startsWith('/login')) deps.navigate(`/login?to=${encodeURIComponent(here)}`);
  }

  function toNotAllowed(blocked: string | null | undefined) {
    const reason = blocked === 'role' || blocked === 'feature' || blocked === 'brand' ? blocked : 'role';
    const query = new URLSearchParams({ to: deps.currentPath(), name: deps.currentPageTitle(), blocked: reason });
    deps.navigate(`/not-allowed?${query.toString()}`);
  }

  function fail(message: string, url: string, dbErrors: DbError[] | null, quiet: boolean) {
    if (quiet) return;
    deps.storeError({ url, msg: message, dbErrors });
    deps.notify('error', message);
  }

  return async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T> | undefined> {
    const method = options.method ?? 'GET';
    const quiet = options.quiet ?? false;
    const url = buildUrl(deps.apiUrl(), path, options.query);
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(nullifyEmptyStrings(options.body));
    }

    let res: Response;
    try {
      res = await deps.fetch(url, { method, headers, body, signal: options.signal, credentials: 'include' });
    } catch (err) {
      if (isAbort(err)) throw new ApiError(translate('default.requestCanceled'), 0, { canceled: true });
      const message = translate('transport.network');
      fail(message, url, null, quiet);
      throw new ApiError(message, 0);
    }

    if (options.responseType === 'blob' && res.ok) {
      return { data: (await res.blob()) as T, metadata: null, warning: null, status: res.status, headers: res.headers };
    }

    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      if (isAbort(err)) throw new ApiError(translate('default.requestCanceled'), 0, { canceled: true });
      throw err;
    }
    const json = parseJson(text);
    const envelope: Partial<EnvelopeBody> | null = json === undefined ? null : unwrapEnvelope(json);

    if (res.ok) {
      if (json === undefined && text.trim() !== '') {
        // A text answer is a server fault that slipped through: show it, keep it, return nothing.
        fail(text, url, null, quiet);
        return undefined;
      }
      const warning = envelope?.warning ?? null;
      if (warning && !quiet) {
        deps.storeError({ url, warning, dbErrors: envelope?.dbErrors ?? null });
        deps.notify('warning', warning);
      }
      const snackbar = res.headers.get(SHOW_SNACKBAR_HEADER);
      if (snackbar && !quiet) deps.notify('success', options.successText ?? successText(method, snackbar, res.status));
      const data = (envelope ? envelope.data : json) as T;
      return { data: data ?? (null as T), metadata: envelope?.metadata ?? null, warning, status: res.status, headers: res.headers };
    }

    const dbErrors = envelope?.dbErrors ?? null;
    const message = envelope
      ? messageFromDbErrors(dbErrors, {
          translate,
          fieldLabel: options.resource ? (field) => deps.fieldLabel?.(options.resource as string, field) : undefined,
        })
      : translate('default.fatalError');
    const error = new ApiError(message, res.status, { dbErrors, fieldErrors: fieldErrorsFrom(dbErrors) });
    if (quiet) throw error;

    const sessionLost = envelope?.metadata?.userData?.isLogged === false && deps.isLoggedIn();
    if (res.status === 401 || sessionLost) {
      if (deps.isLoggedIn()) deps.forceLogout();
      toLogin();
      throw error;
    }
    fail(message, url, dbErrors, false);
    // A refusal of one record (general 'record', e.g. a job the user may no longer change) stays on the page.
    if (res.status === 403 && dbErrors?.[0]?.general !== 'record') toNotAllowed(dbErrors?.[0]?.general);
    throw error;
  };
}
