import { expect, test } from '@playwright/test';
import { DEMO, login, menu } from './support/session';
import { openCreate } from './support/lists';

/** The generic resource engine end to end: list, search, create, validate, edit, reload. */
test('an admin creates a department, finds it by free text, edits it and sees the change after reload', async ({ page }) => {
  const suffix = Date.now().toString(36).slice(-4).toUpperCase();
  const name = `Glazing ${suffix}`;
  await login(page, 'admin');
  await menu(page).getByRole('link', { name: 'Departments', exact: true }).click();
  await expect(page).toHaveURL(`${DEMO}/data/departments`);
  // The address changes before the lazily loaded list replaces the home page's job rows (which show departments too).
  await expect(page.getByRole('heading', { name: 'Departments', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Plumbing', exact: true })).toBeVisible();

  await openCreate(page);
  await expect(page).toHaveURL(`${DEMO}/data/department`);
  // Settings and reference data may still be arriving after login; type into a settled form.
  await page.waitForLoadState('networkidle');
  // Client validation with the shared schema: nothing is sent while a field is wrong. Under a loaded CI machine the
  // new form has twice been seen to drop what was typed just after it appeared (Save then stays disabled); the cause
  // is not yet found (docs/TESTING.md, "Known flakes"), so the first entry is retried until the form keeps it.
  await expect(async () => {
    await page.getByRole('textbox', { name: 'Job number prefix' }).fill('bad prefix');
    await page.getByRole('button', { name: 'Save' }).click({ timeout: 3000 });
    await expect(page.getByText('Invalid value').first()).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Field is required!').first()).toBeVisible();
  await expect(page.getByText('Invalid value').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);

  await page.getByRole('textbox', { name: 'Job number prefix' }).fill(`G${suffix}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /created/i })
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/data\/department(s|\/\d+)$/);

  await page.goto(`${DEMO}/data/departments`);
  const search = page.getByLabel('Search', { exact: true });
  await search.fill('Gl');
  await expect(page.getByText('At least 3 characters')).toBeVisible();
  await search.fill(suffix);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Plumbing', exact: true })).toHaveCount(0);

  await page.getByRole('cell', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/data\/department\/\d+$/);
  // The department's own page: the one the list opens again and a reload stays on.
  const itemUrl = page.url();
  const nameBox = page.getByRole('textbox', { name: 'Name' });
  await expect(nameBox).toHaveValue(name);
  await nameBox.fill(`${name} & Windows`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /updated/i })
      .first(),
  ).toBeVisible();

  await page.goto(`${DEMO}/data/departments`);
  await page.getByLabel('Search', { exact: true }).fill(suffix);
  await page.getByRole('cell', { name: `${name} & Windows`, exact: true }).click();
  await expect(page).toHaveURL(itemUrl);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`${name} & Windows`);
  await expect(page).toHaveURL(itemUrl);
});

test('a role that may read but not write sees the list without the Create action', async ({ page }) => {
  await login(page, 'user');
  await page.goto(`${DEMO}/data/departments`);
  await expect(page.getByRole('cell', { name: 'Plumbing', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create' })).toHaveCount(0);
});
