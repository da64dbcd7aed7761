/**
 * tasks against the run's local provider server: each test connects a Google user of its own
 * (seeded with 'My Tasks' and 'Office'), pulls, changes here and there, and syncs again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskListWire, TaskWire } from '../../../core/google/tasks';
import { providerControl, type ProviderControl } from '../../../providers/control';
import { makeJob } from '../../jobs/sales/testJobs';
import { login, sandboxProviders, uniqueName, useTestApp, useTestBrand } from '../../test/helpers';
import { tasksKit } from './tasksTestKit';

const t = useTestApp();
const own = useTestBrand(t);
const kit = tasksKit(
  () => t.app,
  () => own.brand.host,
);
let control: ProviderControl;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  control = providerControl(sandboxProviders());
  for (const role of ['operator', 'user']) cookies[role] = await login(t.app, own.brand.host, `${role}@demo.test`);
});

type Remote = { id: string; title: string; notes?: string; due?: string; status: string; deleted?: boolean };
const remoteTasks = async (email: string) => (await control.google.state(email)).tasks as unknown as Remote[];
const byTitle = <T extends { title: string }>(rows: T[], title: string): T => {
  const found = rows.find((r) => r.title === title);
  if (!found) throw new Error(`no ${title} in ${rows.map((r) => r.title).join(', ')}`);
  return found;
};

/** A connected, synced account with a list of its own and one task in it, sent to Google. */
async function withTask(cookie = cookies.operator) {
  const a = await kit.connected(cookie);
  await kit.sync(cookie, a.ga_id);
  const list = await kit.ok<TaskListWire>('POST', '/api/tasks/tasklists/create', cookie, { ga_id: a.ga_id, g_tasklist_title: 'Site visits' }, 201);
  const made = await kit.ok<TaskWire>(
    'POST',
    '/api/tasks/create',
    cookie,
    { g_tasklist_id: list.g_tasklist_id, title: 'Check the boiler', notes: 'Flat 2', due: '2026-12-03' },
    201,
  );
  expect(await kit.sync(cookie, a.ga_id)).toMatchObject({ error: null, conflicts: 0 });
  const task = await kit.task(cookie, made.task_id);
  return { a, list, task };
}

describe('tasks', () => {
  it('pulls the account’s lists and tasks, and lists, filters and reads them', async () => {
    const a = await kit.connected(cookies.operator);
    const state = await kit.sync(cookies.operator, a.ga_id);
    expect(state).toMatchObject({ ga_id: a.ga_id, running: false, error: null, done: 2, total: 2, conflicts: 0 });
    expect(state.last_sync_at).toEqual(expect.any(String));

    const lists = await kit.ok<TaskListWire[]>('POST', '/api/tasks/tasklists/filter', cookies.operator, { ga_id: a.ga_id });
    expect(lists.map((l) => [l.g_tasklist_title, l.task_count])).toEqual([
      ['My Tasks', 3],
      ['Office', 1],
    ]);
    const mine = await kit.tasks(cookies.operator, { g_tasklist_id: lists[0].g_tasklist_id });
    expect(mine.map((x) => x.title).sort()).toEqual(['Call the letting agent about flat 3', 'Order replacement valves', 'Renew the van insurance']);
    const valves = byTitle(mine, 'Order replacement valves');
    expect(valves).toMatchObject({ notes: 'Two 15 mm isolating valves', completed: false, dirty: false, conflict: false, g_tasklist_title: 'My Tasks' });
    expect(valves.due).toMatch(/^\d{4}-\d{2}-\d{2} 12:00:00$/);
    expect(byTitle(mine, 'Renew the van insurance').completed).toBe(true);

    const found = await kit.tasks(cookies.operator, { ga_id: a.ga_id, stext: 'valves' });
    expect(found.map((x) => x.title)).toEqual(['Order replacement valves']);
    const res = await kit.req('GET', '/api/tasks/list?totalcount=1&sort=title', cookies.operator);
    expect(res.status, res.text).toBe(200);
    expect(res.json.tasks.metadata.totalCount).toBeGreaterThanOrEqual(4);
  });

  it('creates, renames and deletes a task list at Google at once', async () => {
    const a = await kit.connected(cookies.operator);
    const list = await kit.ok<TaskListWire>('POST', '/api/tasks/tasklists/create', cookies.operator, { ga_id: a.ga_id, g_tasklist_title: 'Quotes' }, 201);
    expect(list).toMatchObject({ ga_id: a.ga_id, g_tasklist_title: 'Quotes', task_count: 0 });
    const renamed = await kit.ok<TaskListWire>('PATCH', `/api/tasks/tasklists/${list.g_tasklist_id}`, cookies.operator, { g_tasklist_title: 'Quotes 2026' });
    expect(renamed.g_tasklist_title).toBe('Quotes 2026');
    expect((await control.google.state(a.email)).taskLists.map((l) => l.title)).toContain('Quotes 2026');
    await kit.ok('DELETE', `/api/tasks/tasklists/${list.g_tasklist_id}`, cookies.operator);
    expect((await control.google.state(a.email)).taskLists.map((l) => l.title)).not.toContain('Quotes 2026');
    expect((await kit.req('GET', `/api/tasks/tasklists/${list.g_tasklist_id}/details`, cookies.operator)).status).toBe(404);
    const blank = await kit.req('POST', '/api/tasks/tasklists/create', cookies.operator, { ga_id: a.ga_id, g_tasklist_title: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.json.tasks.dbErrors[0]).toMatchObject({ error: 'VALIDATION', primary: 'Field is required!', details: 'g_tasklist_title' });
  });

  it('pushes local changes first (create, edit, delete, restore), due at noon, then pulls Google’s', async () => {
    const { a, task } = await withTask();
    expect(task).toMatchObject({ dirty: false, conflict: false, google_task_id: expect.any(String), due: '2026-12-03 12:00:00' });
    let remote = byTitle(await remoteTasks(a.email), 'Check the boiler');
    expect(remote).toMatchObject({ id: task.google_task_id, notes: 'Flat 2', status: 'needsAction' });
    expect(remote.due).toBe('2026-12-03T00:00:00.000Z');
    const noon = (await control.google.state(a.email)).calls.filter((c) => c.operationId === 'tasks.tasks.insert');
    expect(noon.length).toBeGreaterThan(0);

    const edited = await kit.ok<TaskWire>('PATCH', `/api/tasks/${task.task_id}`, cookies.operator, {
      title: 'Check the boiler pressure',
      completed: true,
      notes: '',
    });
    expect(edited).toMatchObject({ dirty: true, notes: null });
    await kit.sync(cookies.operator, a.ga_id);
    remote = (await remoteTasks(a.email)).find((x) => x.id === task.google_task_id)!;
    expect(remote).toMatchObject({ title: 'Check the boiler pressure', status: 'completed' });
    expect(remote.notes).toBeUndefined();

    await kit.ok('DELETE', `/api/tasks/${task.task_id}`, cookies.operator);
    expect((await kit.tasks(cookies.operator, { ga_id: a.ga_id })).map((x) => x.task_id)).not.toContain(task.task_id);
    expect((await kit.tasks(cookies.operator, { ga_id: a.ga_id, deleted: true })).map((x) => x.task_id)).toEqual([task.task_id]);
    await kit.sync(cookies.operator, a.ga_id);
    expect((await remoteTasks(a.email)).find((x) => x.id === task.google_task_id)).toMatchObject({ deleted: true });

    await kit.ok('POST', `/api/tasks/${task.task_id}/restore`, cookies.operator);
    await kit.sync(cookies.operator, a.ga_id);
    expect((await remoteTasks(a.email)).find((x) => x.id === task.google_task_id)?.deleted).toBeFalsy();
    expect(await kit.task(cookies.operator, task.task_id)).toMatchObject({ deleted: false, dirty: false });

    // Google's own changes come in: an edit, a new task, a deletion.
    const office = (await control.google.state(a.email)).taskLists.find((l) => l.title === 'Office') as { id: string };
    await control.google.addTask(a.email, office.id, { title: 'Renew the gas certificate' });
    await control.google.editRemote(a.email, task.google_task_id!, { title: 'Boiler: done', due: '2026-12-24' });
    await kit.sync(cookies.operator, a.ga_id);
    expect(await kit.task(cookies.operator, task.task_id)).toMatchObject({ title: 'Boiler: done', due: '2026-12-24 12:00:00', dirty: false });
    expect((await kit.tasks(cookies.operator, { ga_id: a.ga_id, stext: 'gas certificate' })).length).toBe(1);
    await control.google.editRemote(a.email, task.google_task_id!, { deleted: true });
    await kit.sync(cookies.operator, a.ga_id);
    expect(await kit.task(cookies.operator, task.task_id)).toMatchObject({ deleted: true, conflict: false });
  });

  it('a task changed on both sides is a conflict: nothing is sent; keep cloud takes Google’s version', async () => {
    const { a, task } = await withTask();
    await control.google.editRemote(a.email, task.google_task_id!, { title: 'Edited at Google' });
    await kit.ok('PATCH', `/api/tasks/${task.task_id}`, cookies.operator, { title: 'Edited here' });
    const state = await kit.sync(cookies.operator, a.ga_id);
    expect(state).toMatchObject({ error: null, conflicts: 1 });
    const conflicted = await kit.task(cookies.operator, task.task_id);
    expect(conflicted).toMatchObject({
      title: 'Edited here',
      conflict: true,
      dirty: true,
      cloud: expect.objectContaining({ title: 'Edited at Google', deleted: false }),
    });
    expect((await remoteTasks(a.email)).find((x) => x.id === task.google_task_id)?.title).toBe('Edited at Google');
    expect((await kit.tasks(cookies.operator, { ga_id: a.ga_id, conflict: true })).map((x) => x.task_id)).toEqual([task.task_id]);

    const kept = await kit.ok<TaskWire>('POST', `/api/tasks/${task.task_id}/resolve`, cookies.operator, { keep: 'cloud' });
    expect(kept).toMatchObject({ title: 'Edited at Google', conflict: false, dirty: false, cloud: null });
    expect(await kit.sync(cookies.operator, a.ga_id)).toMatchObject({ conflicts: 0 });
    expect((await remoteTasks(a.email)).find((x) => x.id === task.google_task_id)?.title).toBe('Edited at Google');
    expect((await kit.task(cookies.operator, task.task_id)).title).toBe('Edited at Google');
  });

  it('keep local overwrites Google’s version with ours; a bad choice is refused', async () => {
    const { a, task } = await withTask();
    await control.google.editRemote(a.email, task.google_task_id!, { title: 'Edited at Google', notes: 'theirs' });
    await kit.ok('PATCH', `/api/tasks/${task.task_id}`, cookies.operator, { title: 'Edited here' });
    await kit.sync(cookies.operator, a.ga_id);
    const bad = await kit.req('POST', `/api/tasks/${task.task_id}/resolve`, cookies.operator, { keep: 'both' });
    expect(bad.status).toBe(400);
    const kept = await kit.ok<TaskWire>('POST', `/api/tasks/${task.task_id}/resolve`, cookies.operator, { keep: 'local' });
    expect(kept).toMatchObject({ title: 'Edited here', notes: 'Flat 2', conflict: false, dirty: false });
    expect((await remoteTasks(a.email)).find((x) => x.id === task.google_task_id)).toMatchObject({ title: 'Edited here', notes: 'Flat 2' });
    expect(await kit.sync(cookies.operator, a.ga_id)).toMatchObject({ conflicts: 0, error: null });
    expect((await kit.task(cookies.operator, task.task_id)).title).toBe('Edited here');
  });

  it('links a task to a job and finds it by the job; refuses an unknown job or list', async () => {
    const { list, task } = await withTask();
    await t.db
      .withSchema(own.brand.schema)
      .insertInto('departments' as never)
      .values({ de_name: 'Tasks', de_prefix: uniqueName('TK') } as never)
      .execute();
    const jobId = await makeJob(t.db, { schema: own.brand.schema });
    const linked = await kit.ok<TaskWire>('PATCH', `/api/tasks/${task.task_id}`, cookies.operator, { job_id: jobId });
    expect(linked).toMatchObject({ job_id: jobId, dirty: false });
    expect((await kit.tasks(cookies.operator, { job_id: jobId })).map((x) => x.task_id)).toContain(task.task_id);
    const unknownJob = await kit.req('PATCH', `/api/tasks/${task.task_id}`, cookies.operator, { job_id: 999999 });
    expect(unknownJob.status).toBe(400);
    expect(unknownJob.json.tasks.dbErrors[0].details).toBe('job_id');
    expect((await kit.req('POST', '/api/tasks/create', cookies.operator, { g_tasklist_id: 'nosuchlist', title: 'x' })).status).toBe(404);
    const child = await kit.ok<TaskWire>(
      'POST',
      '/api/tasks/create',
      cookies.operator,
      { g_tasklist_id: list.g_tasklist_id, title: 'Sub-task', parent: task.task_id },
      201,
    );
    expect(child.parent).toBe(task.task_id);
  });

  it('another user’s account, list and tasks are 404, and nothing is done at Google', async () => {
    const { a, list, task } = await withTask(cookies.operator);
    const other = cookies.user;
    expect((await kit.req('GET', `/api/tasks/${task.task_id}/details`, other)).status).toBe(404);
    expect((await kit.req('PATCH', `/api/tasks/${task.task_id}`, other, { title: 'Mine now' })).status).toBe(404);
    expect((await kit.req('DELETE', `/api/tasks/${task.task_id}`, other)).status).toBe(404);
    expect((await kit.req('POST', `/api/tasks/${task.task_id}/restore`, other)).status).toBe(404);
    expect((await kit.req('POST', `/api/tasks/${task.task_id}/resolve`, other, { keep: 'local' })).status).toBe(404);
    expect((await kit.req('POST', '/api/tasks/sync', other, { ga_id: a.ga_id })).status).toBe(404);
    expect((await kit.req('PATCH', `/api/tasks/tasklists/${list.g_tasklist_id}`, other, { g_tasklist_title: 'x' })).status).toBe(404);
    expect((await kit.req('DELETE', `/api/tasks/tasklists/${list.g_tasklist_id}`, other)).status).toBe(404);
    expect((await kit.req('POST', '/api/tasks/create', other, { g_tasklist_id: list.g_tasklist_id, title: 'x' })).status).toBe(404);
    expect((await kit.tasks(other, { ga_id: a.ga_id })).length).toBe(0);
    expect(await kit.task(cookies.operator, task.task_id)).toMatchObject({ title: 'Check the boiler', deleted: false });
    expect((await control.google.state(a.email)).taskLists.map((l) => l.title)).toContain('Site visits');
  });

  it('a quota answer keeps that account’s sync running, waiting with the quota’s message; the other account still syncs', async () => {
    const a = await kit.connected(own.admin);
    const b = await kit.connected(own.admin);
    await control.google.quota({ status: 429, operationId: 'tasks.tasklists.list' });
    await kit.ok('POST', '/api/tasks/sync', own.admin, {});
    type State = { ga_id: number; running: boolean; error: string | null };
    const states = async () => (await kit.ok<State[]>('GET', '/api/tasks/syncstate', own.admin)).filter((s) => [a.ga_id, b.ga_id].includes(s.ga_id));
    const settled = (s: State) => !s.running || s.error !== null;
    for (let i = 0; i < 100 && !(await states()).every(settled); i += 1) await new Promise((r) => setTimeout(r, 50));
    // The two run side by side: whichever asked first got the quota answer.
    const all = await states();
    const waiting = all.filter((s) => s.running);
    const synced = all.filter((s) => !s.running);
    expect(waiting).toEqual([expect.objectContaining({ error: expect.stringMatching(/^Google’s quota for this account is used up/) })]);
    expect(synced).toEqual([expect.objectContaining({ error: null })]);
    expect((await kit.tasks(own.admin, { ga_id: synced[0].ga_id })).length).toBe(4);
    expect((await kit.tasks(own.admin, { ga_id: waiting[0].ga_id })).length).toBe(0);
  });

  it('a grant Google stopped accepting ends the sync with the Google login message', async () => {
    const a = await kit.connected(cookies.operator);
    const db = t.db.withSchema(own.brand.schema);
    await db
      .updateTable('oauth_grants' as never)
      .set({ refresh_token_enc: null, access_token_enc: null, expires_at: null } as never)
      .where('og_id' as never, '=', a.ga_id as never)
      .execute();
    const state = await kit.sync(cookies.operator, a.ga_id);
    expect(state).toMatchObject({ running: false, error: 'Google login/connection is required!' });
    const again = await kit.req('POST', '/api/tasks/sync', cookies.operator, { ga_id: a.ga_id });
    expect(again.status).toBe(409);
    expect(again.json.tasks.dbErrors[0].primary).toBe('Google login/connection is required!');
  });
});
