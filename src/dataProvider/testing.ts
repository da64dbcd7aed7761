/** Test helpers shared by the data-provider tests: a JSON answer and a client with spied deps. */
import { vi } from 'vitest';
import { EN_US_MESSAGES } from '../i18n/messages';
import { createHttpClient, type HttpClientDeps } from './httpClient';

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function textAnswer(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain' } });
}

/** Looks a key up in the app's en-US messages with {{x}} filled in; unknown keys come back unchanged, like i18next. */
export function enTranslate(key: string, options: Record<string, unknown> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], EN_US_MESSAGES);
  const text = typeof found === 'string' ? found : key === 'ra.notification.created' ? 'Element created' : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
}

function baseDeps() {
  return {
    apiUrl: () => 'http://test.local/api',
    fetch: vi.fn<typeof fetch>(),
    translate: enTranslate,
    notify: vi.fn<HttpClientDeps['notify']>(),
    storeError: vi.fn<HttpClientDeps['storeError']>(),
    isLoggedIn: vi.fn(() => true),
    forceLogout: vi.fn(),
    navigate: vi.fn<HttpClientDeps['navigate']>(),
    currentPath: () => '/data/departments?page=2',
    currentPageTitle: () => 'Departments',
    fieldLabel: (resource: string, field: string) => (resource === 'departments' && field === 'de_name' ? 'Name' : undefined),
  };
}

export type TestDeps = ReturnType<typeof baseDeps>;

export function makeClient(overrides: Partial<TestDeps> = {}) {
  const deps: TestDeps = { ...baseDeps(), ...overrides };
  return { deps, client: createHttpClient(deps) };
}

/** What a test client sent: each request's path under the API, method and JSON body. */
export function sentRequests(deps: TestDeps) {
  return deps.fetch.mock.calls.map(([url, init]) => ({
    url: String(url).replace('http://test.local/api/', ''),
    method: init?.method ?? 'GET',
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  }));
}
