import { expect, test, type Page } from '@playwright/test';
import { providerControl, type ProviderControl } from '../providers/control';
import { DEMO, login } from './support/session';

/**
 * A user connects a sandbox Google account of its own on a phone-sized screen, makes a task list
 * and a task, and syncs. The task is then changed at Google (the sandbox's control knob) and here:
 * the sync marks a conflict, the dialog offers both choices, and each gives its result, still there
 * after a reload (and at Google, for "keep ours"). Last the task moves to another list by keyboard,
 * and is there after the sync and a reload, here and at Google.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function disconnectAll(page: Page): Promise<void> {
  const listed = await page.request.get(`${DEMO}/api/googleaccounts/list`);
  expect(listed.status()).toBe(200);
  for (const account of (await listed.json()).googleaccounts.data as { ga_id: number }[]) {
    const gone = await page.request.delete(`${DEMO}/api/googleaccounts/${account.ga_id}`, { headers: { origin: DEMO } });
    expect(gone.status()).toBe(200);
  }
}

async function googleIdOf(page: Page, title: string): Promise<string> {
  const res = await page.request.post(`${DEMO}/api/tasks/filter`, { data: { stext: title }, headers: { origin: DEMO } });
  expect(res.status()).toBe(200);
  const [task] = (await res.json()).tasks.data as { google_task_id: string | null }[];
  expect(task.google_task_id).toEqual(expect.any(String));
  return task.google_task_id!;
}

async function editHere(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole('button', { name: `Edit ${from}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${from}` });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(to);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`${to}.*Not yet sent to Google`) })).toBeVisible();
}

test('a task changed at Google and here asks which to keep; each choice holds after a reload', async ({ page }) => {
  // Two conflicts and a move, each with a sync and a reload: longer than the default minute on a busy machine.
  test.setTimeout(150_000);
  const email = `e2e-tasks-${Date.now()}@example.com`;
  let control: ProviderControl | null = null;
  await page.route(/\/oauth\/google\/authorize\?/, async (route) => {
    const url = new URL(route.request().url());
    control = providerControl(url.origin);
    url.searchParams.set('login_hint', email);
    await route.continue({ url: url.toString() });
  });
  await login(page, 'operator');
  await disconnectAll(page);
  await page.goto(`${DEMO}/google/tasklists`);
  await expect(page.getByText('Google login/connection is required!')).toBeVisible();
  await page.goto(`${DEMO}/google/dashboard`);
  await page.getByRole('button', { name: 'Connect a Google account' }).click();
  await page.waitForURL(`${DEMO}/google/dashboard`);
  await expect(page.getByRole('region', { name: email })).toBeVisible();
  expect(control).not.toBeNull();

  // The first sync brings the sandbox's lists in.
  await page.goto(`${DEMO}/google/tasklists`);
  await page.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByRole('link', { name: 'My Tasks' })).toBeVisible();

  await page.getByRole('button', { name: 'New list' }).click();
  const listDialog = page.getByRole('dialog', { name: 'New list' });
  await listDialog.getByRole('textbox', { name: 'List name' }).fill('E2E visits');
  await listDialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'E2E visits' }).click();
  await expect(page).toHaveURL(/\/google\/tasklist\//);

  await page.getByRole('button', { name: 'New task' }).click();
  const taskDialog = page.getByRole('dialog', { name: 'New task' });
  await taskDialog.getByRole('textbox', { name: 'Title' }).fill('Call the tenant');
  await taskDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Call the tenant.*Not yet sent to Google/ })).toBeVisible();
  await page.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByRole('row', { name: /Call the tenant/ })).not.toContainText('Not yet sent to Google');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const googleId = await googleIdOf(page, 'Call the tenant');

  // Accept Google's version.
  await control!.google.editRemote(email, googleId, { title: 'Tenant called at Google' });
  await editHere(page, 'Call the tenant', 'Call the tenant today');
  await page.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('Synced; 1 task needs your choice')).toBeVisible();
  await page.getByRole('button', { name: 'Resolve Call the tenant today' }).click();
  let conflict = page.getByRole('dialog', { name: 'Call the tenant today changed both here and at Google' });
  await expect(conflict.getByRole('cell', { name: 'Tenant called at Google' })).toBeVisible();
  await conflict.getByRole('button', { name: 'Accept Google’s version' }).click();
  await expect(page.getByRole('row', { name: /Tenant called at Google/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: /Tenant called at Google/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resolve / })).toHaveCount(0);

  // Keep ours: Google's is overwritten.
  await control!.google.editRemote(email, googleId, { title: 'Changed at Google again' });
  await editHere(page, 'Tenant called at Google', 'Ours wins');
  await page.getByRole('button', { name: 'Sync' }).click();
  await page.getByRole('button', { name: 'Resolve Ours wins' }).click();
  conflict = page.getByRole('dialog', { name: 'Ours wins changed both here and at Google' });
  await expect(conflict.getByRole('cell', { name: 'Changed at Google again' })).toBeVisible();
  await conflict.getByRole('button', { name: 'Keep ours (overwrite Google)' }).click();
  await expect(page.getByRole('button', { name: /^Resolve / })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('row', { name: /Ours wins/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ours wins/ })).not.toContainText('Not yet sent to Google');
  const remote = (await control!.google.state(email)).tasks.find((t) => t.id === googleId);
  expect(remote?.title).toBe('Ours wins');

  // Moved to another list (by keyboard): it leaves this list, and after the sync Google has it there too.
  await page.getByRole('button', { name: 'Edit Ours wins' }).click();
  const moveDialog = page.getByRole('dialog', { name: 'Edit Ours wins' });
  await moveDialog.getByRole('combobox', { name: 'Task list' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'My Tasks' }).press('Enter');
  await expect(moveDialog.getByRole('combobox', { name: 'Task list' })).toHaveText('My Tasks');
  await expect(moveDialog.getByRole('combobox', { name: 'Parent task' })).toHaveText('None (top level)');
  await moveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Ours wins/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sync' }).click();
  const pending = async () => {
    const res = await page.request.post(`${DEMO}/api/tasks/filter`, { data: { stext: 'Ours wins' }, headers: { origin: DEMO } });
    return ((await res.json()).tasks.data as { dirty: boolean }[]).map((t) => t.dirty);
  };
  await expect.poll(pending).toEqual([false]);
  await page.goto(`${DEMO}/google/tasklists`);
  await page.getByRole('link', { name: 'My Tasks' }).click();
  await page.reload();
  await expect(page.getByRole('row', { name: /Ours wins/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ours wins/ })).not.toContainText('Not yet sent to Google');
  const myTasks = (await control!.google.state(email)).taskLists.find((l) => l.title === 'My Tasks') as { id: string };
  const moved = (await control!.google.state(email)).tasks.find((t) => t.id === googleId) as { selfLink: string };
  expect(moved.selfLink).toContain(`/lists/${myTasks.id}/tasks/`);

  await disconnectAll(page);
});
