import { expect, test, type Page } from '@playwright/test';
import { DEMO, login, menu } from './support/session';
import { openCreate } from './support/lists';

/**
 * User administration and settings end to end. The settings are changed on a user this test
 * creates, so the demo users other specs sign in as keep theirs.
 */
async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${DEMO}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('an admin adds a user, who then changes language and date format and sees the app follow', async ({ page }) => {
  const email = `settings-${Date.now().toString(36)}@demo.test`;
  await login(page, 'admin');
  await menu(page).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(`${DEMO}/admin/users`);
  await expect(page.getByRole('cell', { name: 'operator@demo.test', exact: true })).toBeVisible();

  await openCreate(page);
  await expect(page).toHaveURL(`${DEMO}/admin/user`);
  await page.waitForLoadState('networkidle');
  // The role first: its choices are reference data the page loads as it opens, so the typing below
  // happens on a settled form.
  await page.getByRole('combobox', { name: 'Role' }).click();
  // The roles offered are the changeable roles the server lists: an Admin cannot give Developer.
  await expect(page.getByRole('option', { name: 'Admin', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Developer' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Admin', exact: true }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'First name' }).fill('Sette');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Tester');
  await page.getByRole('textbox', { name: 'Password' }).fill('first-pass-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/user\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

  await page.goto(`${DEMO}/api/auth/logout`);
  await signIn(page, email, 'first-pass-1');
  await page.goto(`${DEMO}/settings`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Magyar' }).click();
  // Applied at once: the page and the menu speak Hungarian without a reload.
  await expect(page.getByRole('heading', { name: 'Beállítások', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Dátumformátum' }).click();
  await page.getByRole('option', { name: 'YYYY-MM-DD HH:mm:ss' }).click();
  await expect(page.getByRole('combobox', { name: 'Dátumformátum' })).toHaveText('YYYY-MM-DD HH:mm:ss');
  await page.waitForLoadState('networkidle');

  await page.goto(`${DEMO}/admin/users`);
  await expect(page.getByRole('heading', { name: 'Felhasználók', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();

  // Stored on the server: a new sign-in finds both settings again.
  await page.goto(`${DEMO}/api/auth/logout`);
  await signIn(page, email, 'first-pass-1');
  await page.goto(`${DEMO}/settings`);
  await expect(page.getByRole('heading', { name: 'Beállítások', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Dátumformátum' })).toHaveText('YYYY-MM-DD HH:mm:ss');
});

test('an admin edits, hides, re-passwords, assigns and deletes a user', async ({ page }) => {
  await login(page, 'admin');
  const email = `edit-${Date.now().toString(36)}@demo.test`;
  const made = await page.request.post(`${DEMO}/api/users/addUser`, {
    data: { email, role: 'User', firstname: 'Eddie', surname: 'Editor', password: 'first-pass-1' },
  });
  expect(made.status()).toBe(201);
  const usId = (await made.json()).users.data.us_id as number;

  // A Developer is above the roles an Admin gives: their page is read-only.
  const found = await (await page.request.post(`${DEMO}/api/users/filter`, { data: { role: 'Developer' } })).json();
  await page.goto(`${DEMO}/admin/user/${found.users.data[0].us_id}`);
  await expect(page.getByText('You can view this record but you cannot change it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

  await page.goto(`${DEMO}/admin/user/${usId}`);
  await expect(page.getByRole('heading', { name: 'Eddie Editor', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Nickname' }).fill('Ed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /updated/i })
      .first(),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveValue('Ed');

  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('This user is hidden: they do not appear in pick lists.')).toBeVisible();
  await page.getByRole('button', { name: 'Unhide' }).click();
  await expect(page.getByText('This user is hidden: they do not appear in pick lists.')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'New password' }).fill('second-pass-2');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('textbox', { name: 'New password' })).toHaveValue('');

  await page.getByRole('combobox', { name: 'Default operators' }).click();
  await page.getByRole('option', { name: 'Oliver Bennett' }).click();
  await page.getByRole('button', { name: 'Save assignments' }).first().click();
  await expect(page.getByRole('button', { name: 'Save assignments' }).first()).toBeDisabled();
  const details = await (await page.request.get(`${DEMO}/api/users/${usId}/details`)).json();
  expect(details.users.data.default_operators).toHaveLength(1);

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  // Back on the list, which may bring back its last search, sort and page in the address.
  await expect(page).toHaveURL(new RegExp(`^${DEMO}/admin/users(\\?|$)`));
  expect((await page.request.get(`${DEMO}/api/users/${usId}/details`)).status()).toBe(404);
});

test('an admin changes the site configuration, validated on the page', async ({ page }) => {
  await login(page, 'admin');
  await page.goto(`${DEMO}/admin/siteConfig`);
  const expiry = page.getByRole('textbox', { name: 'Default quote expiry (days)' });
  await expect(expiry).toHaveValue('60');
  await expect(page.getByRole('textbox', { name: 'Invoice due (days)' })).toHaveValue('30');
  await expiry.fill('soon');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid number')).toBeVisible();
  await expiry.fill('45');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid number')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Default quote expiry (days)' })).toHaveValue('45');
  // Back to the default, so other specs see the brand as seeded.
  const reset = await page.request.patch(`${DEMO}/api/siteconfig/values`, { data: { quoteExpiryDays: 60 } });
  expect(reset.status()).toBe(200);
});
