/**
 * The typed client of the control API (/_control/...), for tests in other processes than the
 * server (server test workers, Playwright). Every method throws on an answer other than 200.
 */
import type { GoogleAccountInfo, GoogleSnapshot, RemoteTaskEdit } from './google/knobs';
import type { FailNext, LoseAnswer } from './xero/faults';
import type { Violation } from './xero/gate';
import type { ConnectionInfo, TenantInfo, TenantSnapshot } from './xero/knobs';
import type { Limits } from './xero/limits';
import type { MicrosoftMailboxInfo, MicrosoftSnapshot } from './microsoft/knobs';
import type { SandboxMessageInfo } from './microsoft/sandboxMail';

export type { MicrosoftMailboxInfo, MicrosoftSnapshot, SandboxMessageInfo };
export type { ConnectionInfo, TenantInfo, TenantSnapshot, Violation, Limits, FailNext, LoseAnswer, GoogleAccountInfo, GoogleSnapshot, RemoteTaskEdit };

export interface ClockInfo {
  now: number;
  offsetMs: number;
}

export function providerControl(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/_control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`provider control ${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }
  const tenant = (id: string) => `/xero/tenants/${encodeURIComponent(id)}`;
  const account = (subject: string) => `/google/accounts/${encodeURIComponent(subject)}`;
  type Wire = Record<string, unknown>;
  return {
    clock: () => call<ClockInfo>('GET', '/clock'),
    advanceClock: (advanceMs: number) => call<ClockInfo>('POST', '/clock', { advanceMs }),
    violations: () => call<Violation[]>('GET', '/violations'),
    /** Empties the list and answers what was in it. */
    clearViolations: () => call<Violation[]>('DELETE', '/violations'),
    xero: {
      allowToken: (token: string, subject: string) => call<unknown>('POST', '/xero/tokens', { token, subject }).then(() => undefined),
      /** A new tenant; with `subject`, owned by and connected to them. */
      createTenant: (opts: { name: string; subject?: string }) => call<TenantInfo>('POST', '/xero/tenants', opts),
      connect: (tenantId: string, subject: string) => call<ConnectionInfo>('POST', `${tenant(tenantId)}/connect`, { subject }),
      disconnect: (tenantId: string, subject: string) => call<{ disconnected: boolean }>('POST', `${tenant(tenantId)}/disconnect`, { subject }),
      seedContacts: (tenantId: string, rows: Record<string, unknown>[]) => call<Record<string, unknown>[]>('POST', `${tenant(tenantId)}/contacts`, { rows }),
      seedItems: (tenantId: string, rows: Record<string, unknown>[]) => call<Record<string, unknown>[]>('POST', `${tenant(tenantId)}/items`, { rows }),
      state: (tenantId: string) => call<TenantSnapshot>('GET', `${tenant(tenantId)}/state`),
      resetTenant: (tenantId: string) => call<TenantInfo>('POST', `${tenant(tenantId)}/reset`),
      limits: (partial: Partial<Limits> = {}) => call<Limits>('POST', '/xero/limits', partial),
      failNext: (opts: FailNext = {}) => call<unknown>('POST', '/xero/failNext', opts).then(() => undefined),
      loseAnswer: (opts: LoseAnswer) => call<unknown>('POST', '/xero/loseAnswer', opts).then(() => undefined),
      shortAnswer: (opts: LoseAnswer) => call<unknown>('POST', '/xero/shortAnswer', opts).then(() => undefined),
      latency: (ms: number) => call<unknown>('POST', '/xero/latency', { ms }).then(() => undefined),
      clearFaults: () => call<unknown>('POST', '/xero/clearFaults').then(() => undefined),
    },
    google: {
      allowToken: (token: string, subject: string) => call<unknown>('POST', '/google/tokens', { token, subject }).then(() => undefined),
      /** The subject's account (made when new; `seed` fills a new one with the sandbox's folders, files and tasks). */
      createAccount: (opts: { subject: string; email?: string; name?: string; seed?: boolean }) => call<GoogleAccountInfo>('POST', '/google/accounts', opts),
      state: (subject: string) => call<GoogleSnapshot>('GET', `${account(subject)}/state`),
      addFile: (subject: string, file: { name: string; mimeType: string; parent?: string; content?: string }) =>
        call<Wire>('POST', `${account(subject)}/files`, file),
      addTaskList: (subject: string, title: string) => call<Wire>('POST', `${account(subject)}/tasklists`, { title }),
      addTask: (subject: string, listId: string, task: { title: string; notes?: string; due?: string }) =>
        call<Wire>('POST', `${account(subject)}/tasklists/${encodeURIComponent(listId)}/tasks`, task),
      /** Edits a task as its owner would in Google's app (`updated` moves): the next sync sees a remote change. */
      editRemote: (subject: string, taskId: string, edit: RemoteTaskEdit) =>
        call<Wire>('POST', `${account(subject)}/tasks/${encodeURIComponent(taskId)}/edit`, edit),
      quota: (opts: { count?: number; status?: 403 | 429; operationId?: string } = {}) => call<unknown>('POST', '/google/quota', opts).then(() => undefined),
      failNext: (opts: FailNext = {}) => call<unknown>('POST', '/google/failNext', opts).then(() => undefined),
      clearFaults: () => call<unknown>('POST', '/google/clearFaults').then(() => undefined),
    },
    microsoft: {
      allowToken: (token: string, subject: string) => call<unknown>('POST', '/microsoft/tokens', { token, subject }).then(() => undefined),
      createMailbox: (opts: { subject: string; mail?: string; displayName?: string }) => call<MicrosoftMailboxInfo>('POST', '/microsoft/mailboxes', opts),
      state: (subject: string) => call<MicrosoftSnapshot>('GET', `/microsoft/mailboxes/${encodeURIComponent(subject)}/state`),
      throttle: (opts: { count?: number; retryAfterS?: number; operationId?: string } = {}) =>
        call<unknown>('POST', '/microsoft/throttle', opts).then(() => undefined),
      setConcurrency: (n: number) => call<unknown>('POST', '/microsoft/concurrency', { n }).then(() => undefined),
      failNext: (opts: FailNext = {}) => call<unknown>('POST', '/microsoft/failNext', opts).then(() => undefined),
      latency: (ms: number) => call<unknown>('POST', '/microsoft/latency', { ms }).then(() => undefined),
      clearFaults: () => call<unknown>('POST', '/microsoft/clearFaults').then(() => undefined),
      /** Delivers a raw MIME message into a folder (id or well-known name, default the Inbox) of the subject's mailbox. */
      deliverMail: (subject: string, opts: { mime: string; folder?: string; isRead?: boolean }) =>
        call<SandboxMessageInfo>('POST', `/microsoft/mailboxes/${encodeURIComponent(subject)}/messages`, opts),
      /** The messages of a folder (id or well-known name: inbox, sentitems, …) of the subject's mailbox. */
      mailMessages: (subject: string, folder: string) =>
        call<SandboxMessageInfo[]>('GET', `/microsoft/mailboxes/${encodeURIComponent(subject)}/folders/${encodeURIComponent(folder)}/messages`),
    },
  };
}

export type ProviderControl = ReturnType<typeof providerControl>;
