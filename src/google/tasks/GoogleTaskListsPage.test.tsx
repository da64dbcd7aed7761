import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import type { CurrentUser } from '../../auth/types';
import { renderWithApp } from '../../test/renderWithApp';
import { GoogleTaskListsPage } from './GoogleTaskListsPage';

const user = { is_loggedin: true, user_id: 5, us_id: 5, role: 'User', fullname: 'Uma User', settings: { language: 'en-US' } } as CurrentUser;
const route = { id: 'googleTaskLists', path: '/google/tasklists', title: 'pages.googleTaskLists', layout: 'main', page: 'googleTaskLists' };

afterEach(() => resetAuthState());

describe('GoogleTaskListsPage', () => {
  it('asks before deleting a list: cancel keeps it, confirm deletes it', async () => {
    setAuthenticated(user);
    const p = {
      googleAccounts: vi.fn(async () => [{ ga_id: 3, email: 'ann@example.com', google_account_selected: true, status: 'connected' }]),
      taskLists: vi.fn(async () => [{ g_tasklist_id: 'L1', g_tasklist_title: 'Van stock', ga_id: 3, task_count: 2 }]),
      tasksSyncState: vi.fn(async () => []),
      taskListDelete: vi.fn(async () => null),
    };
    await renderWithApp(<GoogleTaskListsPage route={route as never} title="Task lists" />, { dataProvider: p });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Van stock' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the list Van stock?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(p.taskListDelete).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Van stock' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the list Van stock?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(p.taskListDelete).toHaveBeenCalledWith('L1'));
  });
});
