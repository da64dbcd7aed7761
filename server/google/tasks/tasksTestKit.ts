/** What the tasks tests share: a connected sandbox account, calls as its user, and a sync run to its end. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TasksSyncState, TaskWire } from '../../../core/google/tasks';
import { call, uniqueName } from '../../test/helpers';
import { connectGoogle } from '../testConnect';

export function tasksKit(app: () => FastifyInstance, host: () => string) {
  const req = (method: string, url: string, cookie: string, body?: unknown) =>
    call(app(), { method, url, cookie, host: host(), ...(body === undefined ? {} : { body }) });
  const ok = async <T>(method: string, url: string, cookie: string, body?: unknown, status = 200): Promise<T> => {
    const res = await req(method, url, cookie, body);
    expect(res.status, res.text).toBe(status);
    return res.json.tasks.data as T;
  };
  return {
    req,
    ok,
    async connected(cookie: string) {
      const email = `${uniqueName('tasks')}@example.com`;
      const account = await connectGoogle(app(), host(), cookie, email);
      return { ...account, email };
    },
    /** Queues the sync and waits until it is no longer running; answers the account's state. */
    async sync(cookie: string, gaId: number): Promise<TasksSyncState> {
      await ok('POST', '/api/tasks/sync', cookie, { ga_id: gaId });
      for (let i = 0; i < 200; i += 1) {
        const states = await ok<TasksSyncState[]>('GET', '/api/tasks/syncstate', cookie);
        const mine = states.find((s) => s.ga_id === gaId);
        if (mine && !mine.running) return mine;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the tasks sync did not finish');
    },
    tasks: (cookie: string, filter: Record<string, unknown>) => ok<TaskWire[]>('POST', '/api/tasks/filter?limit=500', cookie, filter),
    task: (cookie: string, id: number) => ok<TaskWire>('GET', `/api/tasks/${id}/details`, cookie),
  };
}
