/**
 * Moving tasks (./move.ts): a new parent or another list here, sent by the sync with Google's
 * tasks.move; Google's own moves pulled. Each test connects a Google user of its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskListWire, TaskWire } from '../../../core/google/tasks';
import { providerControl, type ProviderControl } from '../../../providers/control';
import { login, sandboxProviders, useTestApp, useTestBrand } from '../../test/helpers';
import { tasksKit } from './tasksTestKit';

const t = useTestApp();
const own = useTestBrand(t);
const kit = tasksKit(
  () => t.app,
  () => own.brand.host,
);
let control: ProviderControl;
let cookie: string;

beforeAll(async () => {
  control = providerControl(sandboxProviders());
  cookie = await login(t.app, own.brand.host, 'operator@demo.test');
});

type Remote = { id: string; title: string; parent?: string; selfLink: string };
const remote = async (email: string, id: string | null) => ((await control.google.state(email)).tasks as unknown as Remote[]).find((x) => x.id === id)!;
const remoteListOf = (r: Remote) => /\/lists\/([^/]+)\/tasks\//.exec(r.selfLink)![1];

/** A synced account with two lists of its own, 'Site visits' holding two tasks, all at Google. */
async function twoLists() {
  const a = await kit.connected(cookie);
  await kit.sync(cookie, a.ga_id);
  const newList = (title: string) => kit.ok<TaskListWire>('POST', '/api/tasks/tasklists/create', cookie, { ga_id: a.ga_id, g_tasklist_title: title }, 201);
  const visits = await newList('Site visits');
  const office = await newList('Back office');
  const newTask = (title: string) => kit.ok<TaskWire>('POST', '/api/tasks/create', cookie, { g_tasklist_id: visits.g_tasklist_id, title }, 201);
  const boiler = await newTask('Check the boiler');
  const valve = await newTask('Replace the valve');
  expect(await kit.sync(cookie, a.ga_id)).toMatchObject({ error: null, conflicts: 0 });
  return { a, visits, office, boiler: await kit.task(cookie, boiler.task_id), valve: await kit.task(cookie, valve.task_id) };
}

const titlesIn = async (list: string) => (await kit.tasks(cookie, { g_tasklist_id: list })).map((x) => x.title).sort();

describe('moving tasks', () => {
  it('a new parent is pushed with tasks.move, kept after the pull, and Google’s move back to the top level is pulled', async () => {
    const { a, boiler, valve } = await twoLists();
    const moved = await kit.ok<TaskWire>('PATCH', `/api/tasks/${valve.task_id}`, cookie, { parent: boiler.task_id });
    expect(moved).toMatchObject({ parent: boiler.task_id, dirty: true });
    expect((await remote(a.email, valve.google_task_id)).parent).toBeUndefined();

    expect(await kit.sync(cookie, a.ga_id)).toMatchObject({ error: null, conflicts: 0 });
    expect((await remote(a.email, valve.google_task_id)).parent).toBe(boiler.google_task_id);
    const calls = (await control.google.state(a.email)).calls.filter((c) => c.operationId === 'tasks.tasks.move');
    expect(calls.map((c) => c.status)).toEqual([200]);
    expect(await kit.task(cookie, valve.task_id)).toMatchObject({ parent: boiler.task_id, dirty: false, conflict: false });

    await control.google.editRemote(a.email, valve.google_task_id!, { parent: null });
    await kit.sync(cookie, a.ga_id);
    expect(await kit.task(cookie, valve.task_id)).toMatchObject({ parent: null, dirty: false, conflict: false });
  });

  it('a move to another list is pushed: the task (its subtask along) is in that list at Google and here, not in the old one', async () => {
    const { a, visits, office, boiler, valve } = await twoLists();
    await kit.ok('PATCH', `/api/tasks/${valve.task_id}`, cookie, { parent: boiler.task_id });
    await kit.sync(cookie, a.ga_id);

    const moved = await kit.ok<TaskWire>('PATCH', `/api/tasks/${boiler.task_id}`, cookie, { g_tasklist_id: office.g_tasklist_id });
    expect(moved).toMatchObject({ g_tasklist_id: office.g_tasklist_id, g_tasklist_title: 'Back office', parent: null, dirty: true });
    expect(await titlesIn(office.g_tasklist_id)).toEqual(['Check the boiler', 'Replace the valve']);
    expect(await titlesIn(visits.g_tasklist_id)).toEqual([]);

    expect(await kit.sync(cookie, a.ga_id)).toMatchObject({ error: null, conflicts: 0 });
    expect(remoteListOf(await remote(a.email, boiler.google_task_id))).toBe(office.g_tasklist_id);
    expect(remoteListOf(await remote(a.email, valve.google_task_id))).toBe(office.g_tasklist_id);
    expect((await remote(a.email, valve.google_task_id)).parent).toBe(boiler.google_task_id);
    expect(await titlesIn(office.g_tasklist_id)).toEqual(['Check the boiler', 'Replace the valve']);
    expect(await titlesIn(visits.g_tasklist_id)).toEqual([]);
    expect(await kit.task(cookie, boiler.task_id)).toMatchObject({ google_task_id: boiler.google_task_id, dirty: false, conflict: false });
    const lists = await kit.ok<TaskListWire[]>('POST', '/api/tasks/tasklists/filter', cookie, { ga_id: a.ga_id });
    expect(lists.find((l) => l.g_tasklist_id === visits.g_tasklist_id)?.task_count).toBe(0);
  });

  it('Google’s move to another list is pulled, subtasks along', async () => {
    const { a, visits, office, boiler, valve } = await twoLists();
    await kit.ok('PATCH', `/api/tasks/${valve.task_id}`, cookie, { parent: boiler.task_id });
    await kit.sync(cookie, a.ga_id);
    await control.google.editRemote(a.email, boiler.google_task_id!, { listId: office.g_tasklist_id });
    expect(await kit.sync(cookie, a.ga_id)).toMatchObject({ error: null, conflicts: 0 });
    expect(await kit.task(cookie, boiler.task_id)).toMatchObject({ g_tasklist_id: office.g_tasklist_id, dirty: false });
    expect(await kit.task(cookie, valve.task_id)).toMatchObject({ g_tasklist_id: office.g_tasklist_id, parent: boiler.task_id });
    expect(await titlesIn(visits.g_tasklist_id)).toEqual([]);
  });

  it('refuses a parent in another list, the task itself or its subtask, and a list of another account', async () => {
    const { visits, office, boiler, valve } = await twoLists();
    const other = await kit.connected(cookie);
    await kit.sync(cookie, other.ga_id);
    const [foreign] = await kit.ok<TaskListWire[]>('POST', '/api/tasks/tasklists/filter', cookie, { ga_id: other.ga_id });
    const refused = async (id: number, body: Record<string, unknown>, field: string) => {
      const res = await kit.req('PATCH', `/api/tasks/${id}`, cookie, body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.tasks.dbErrors[0].details).toBe(field);
    };
    await refused(valve.task_id, { parent: valve.task_id }, 'parent');
    await refused(valve.task_id, { g_tasklist_id: office.g_tasklist_id, parent: boiler.task_id }, 'parent');
    await kit.ok('PATCH', `/api/tasks/${valve.task_id}`, cookie, { parent: boiler.task_id });
    await refused(boiler.task_id, { parent: valve.task_id }, 'parent');
    await refused(boiler.task_id, { g_tasklist_id: foreign.g_tasklist_id }, 'g_tasklist_id');
    expect(await kit.task(cookie, boiler.task_id)).toMatchObject({ g_tasklist_id: visits.g_tasklist_id, parent: null });
  });
});
