import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaskWire } from '../../../core/google/tasks';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import type { CurrentUser } from '../../auth/types';
import type { AppRoute } from '../../routes/types';
import { renderWithApp } from '../../test/renderWithApp';
import { GoogleTasksPage } from './GoogleTasksPage';

const user = { is_loggedin: true, user_id: 5, us_id: 5, role: 'User', fullname: 'Uma User', settings: { language: 'en-US' } } as CurrentUser;
const route = { id: 'googleTasks', path: '/google/tasks', title: 'pages.googleTasks', layout: 'main', page: 'googleTasks' } as AppRoute;
const account = { ga_id: 3, email: 'ann@example.com', google_account_selected: true, status: 'connected' };

const task = (task_id: number, title: string, over: Partial<TaskWire> = {}): TaskWire => ({
  task_id,
  ga_id: 3,
  google_task_id: `g${task_id}`,
  g_tasklist_id: 'L1',
  g_tasklist_title: 'My Tasks',
  title,
  notes: null,
  due: '2026-12-03 12:00:00',
  parent: null,
  completed: false,
  job_id: null,
  job_number: null,
  deleted: false,
  dirty: false,
  conflict: false,
  cloud: null,
  updated_at: '2026-11-27T10:00:00.000Z',
  ...over,
});

afterEach(() => resetAuthState());

function provider(rows: TaskWire[]) {
  return {
    googleAccounts: vi.fn(async () => [account]),
    taskLists: vi.fn(async () => [{ g_tasklist_id: 'L1', g_tasklist_title: 'My Tasks', ga_id: 3, task_count: rows.length }]),
    tasksFilter: vi.fn(async (filter: { deleted?: boolean }) => rows.filter((r) => r.deleted === (filter.deleted === true))),
    tasksSyncState: vi.fn(async () => [
      { ga_id: 3, email: 'ann@example.com', running: false, done: 2, total: 2, error: null, last_sync_at: '2026-11-27T10:00:00.000Z', conflicts: 1 },
    ]),
    taskResolve: vi.fn(async (id: number) => rows.find((r) => r.task_id === id) ?? null),
    taskRestore: vi.fn(async (id: number) => rows.find((r) => r.task_id === id) ?? null),
  };
}

describe('GoogleTasksPage', () => {
  it('shows a conflict with both versions and sends the chosen one', async () => {
    setAuthenticated(user);
    const cloud = { title: 'Edited at Google', notes: 'theirs', due: '2026-12-04', completed: true, deleted: false, updated: null };
    const p = provider([task(7, 'Edited here', { conflict: true, dirty: true, cloud, job_id: 12, job_number: 'GEN-0012' }), task(8, 'Quiet one')]);
    await renderWithApp(<GoogleTasksPage route={route} title="Tasks" />, { dataProvider: p });
    expect(await screen.findByText('Synced; 1 task needs your choice')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open job GEN-0012' })).toHaveAttribute('href', '/sheet/12');
    expect(screen.getAllByRole('button', { name: /^Resolve / })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Resolve Edited here' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edited here changed both here and at Google' });
    expect(within(dialog).getByRole('cell', { name: 'Edited at Google' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: '2026-12-04' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep ours (overwrite Google)' }));
    await waitFor(() => expect(p.taskResolve).toHaveBeenCalledWith(7, 'local'));

    // Once the first dialog has gone, the page is reachable again.
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve Edited here' }));
    const again = await screen.findByRole('dialog', { name: 'Edited here changed both here and at Google' });
    fireEvent.click(within(again).getByRole('button', { name: 'Accept Google’s version' }));
    await waitFor(() => expect(p.taskResolve).toHaveBeenCalledWith(7, 'cloud'));
  });

  it('lists deleted tasks on the switch, each with its restore button', async () => {
    setAuthenticated(user);
    const p = provider([task(9, 'Gone task', { deleted: true }), task(10, 'Live task')]);
    await renderWithApp(<GoogleTasksPage route={route} title="Tasks" />, { dataProvider: p });
    expect(await screen.findByText('Live task')).toBeInTheDocument();
    expect(screen.queryByText('Gone task')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Show deleted tasks' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Gone task' }));
    await waitFor(() => expect(p.taskRestore).toHaveBeenCalledWith(9));
  });
});
