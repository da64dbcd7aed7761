import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './support/session';
import { openCreate } from './support/lists';

/** Outgoing mail servers, served by the resource engine: list, search, sort, page, create, edit, delete. */

const LIST = `${DEMO}/admin/mailservers`;
/** Back on the list, which may bring back its last search, sort and page in the address (kept in the store). */
const ON_LIST = new RegExp(`^${LIST}(\\?|$)`);

async function createByApi(page: Page, name: string) {
  const res = await page.request.post(`${DEMO}/api/mailservers/create`, {
    headers: { Origin: DEMO },
    data: { mailserver_name: name, mailserver_host: 'smtp.e2e.example', mailserver_port: 587, mailserver_from: 'e2e@example.com' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const nameCells = (page: Page, suffix: string) => page.getByRole('cell', { name: new RegExp(`^E2E ${suffix} `) });

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an admin creates, finds, sorts, pages, edits and deletes an outgoing mail server', async ({ page }) => {
    const suffix = Date.now().toString(36).slice(-5);
    await login(page, 'admin');
    await page.goto(LIST);
    await openCreate(page);
    await expect(page).toHaveURL(`${DEMO}/admin/mailserver`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E ${suffix} Alpha`);
    await page.getByRole('textbox', { name: 'Host' }).fill('smtp.alpha.example');
    await page.getByRole('spinbutton', { name: 'Port' }).fill('465');
    await page.getByRole('textbox', { name: 'From address' }).fill('alpha@example.com');
    await page.getByLabel('Password', { exact: true }).fill('alpha-secret');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(ON_LIST);
    await createByApi(page, `E2E ${suffix} Bravo`);
    await createByApi(page, `E2E ${suffix} Charlie`);

    // Free text, then sort by name both ways.
    await page.getByLabel('Search', { exact: true }).fill(suffix);
    await expect(nameCells(page, suffix)).toHaveText([`E2E ${suffix} Alpha`, `E2E ${suffix} Bravo`, `E2E ${suffix} Charlie`]);
    await page.getByRole('button', { name: 'Sort by name descending' }).click();
    await expect(nameCells(page, suffix)).toHaveText([`E2E ${suffix} Charlie`, `E2E ${suffix} Bravo`, `E2E ${suffix} Alpha`]);

    // Two a page: the third is on page 2.
    await page.goto(
      `${LIST}?${new URLSearchParams({ filter: JSON.stringify({ q: suffix }), perPage: '2', page: '1', sort: 'mailserver_name', order: 'ASC' })}`,
    );
    await expect(nameCells(page, suffix)).toHaveText([`E2E ${suffix} Alpha`, `E2E ${suffix} Bravo`]);
    await page.getByRole('button', { name: /next page/i }).click();
    await expect(nameCells(page, suffix)).toHaveText([`E2E ${suffix} Charlie`]);

    // Edit: the stored password is never shown; leaving it empty keeps it.
    await page.goto(LIST);
    await page.getByLabel('Search', { exact: true }).fill(suffix);
    // The search reaches the list's address after a pause; a row opened before that would be left again.
    await expect(page).toHaveURL(/filter=/);
    await page.getByRole('cell', { name: `E2E ${suffix} Alpha`, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/mailserver\/\d+$/);
    const itemUrl = page.url();
    await expect(page.getByRole('textbox', { name: 'Host' })).toHaveValue('smtp.alpha.example');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByText('A password is stored; leave empty to keep it')).toBeVisible();
    await page.getByRole('textbox', { name: 'Host' }).fill('smtp2.alpha.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(ON_LIST);
    await page.goto(itemUrl);
    await expect(page.getByRole('textbox', { name: 'Host' })).toHaveValue('smtp2.alpha.example');
    await expect(page.getByText('A password is stored; leave empty to keep it')).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(ON_LIST);
    await page.getByLabel('Search', { exact: true }).fill(suffix);
    await expect(nameCells(page, suffix)).toHaveText([`E2E ${suffix} Bravo`, `E2E ${suffix} Charlie`]);
  });
});

test.describe('incoming servers at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an admin creates an incoming server, sees the OAuth settings only under OAuth, and deletes it', async ({ page }) => {
    const name = `E2E IMAP ${Date.now().toString(36).slice(-5)}`;
    await login(page, 'admin');
    await page.goto(`${DEMO}/admin/mailincomingserver`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Host' }).fill('imap.e2e.example');
    await page.getByRole('spinbutton', { name: 'Port' }).fill('993');
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByLabel('OAuth refresh token')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Authentication' }).click();
    await page.getByRole('option', { name: 'OAuth (sign-in with the provider)' }).click();
    await expect(page.getByLabel('OAuth refresh token')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Authentication' }).click();
    await page.getByRole('option', { name: 'Username and password' }).click();
    await page.getByLabel('Password', { exact: true }).fill('imap-secret');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(`${DEMO}/admin/mailincomingservers`);

    await page.getByLabel('Search', { exact: true }).fill(name);
    // The search reaches the list's address after a pause; a row opened before that would be left again.
    await expect(page).toHaveURL(/filter=/);
    await page.getByRole('cell', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/mailincomingserver\/\d+$/);
    await expect(page.getByText('A password is stored; leave empty to keep it')).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    // Back on the list, which may bring back its last search in the address.
    await expect(page).toHaveURL(new RegExp(`^${DEMO}/admin/mailincomingservers(\\?|$)`));
    await page.getByLabel('Search', { exact: true }).fill(name);
    await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every field of the mail server form is wide enough to see and use', async ({ page }) => {
    await login(page, 'admin');
    await page.goto(`${DEMO}/admin/mailserver`);
    for (const name of ['Name', 'Host', 'User name', 'From address']) {
      const box = await page.getByRole('textbox', { name, exact: true }).boundingBox();
      expect(box?.width ?? 0, name).toBeGreaterThan(200);
    }
    const port = await page.getByRole('spinbutton', { name: 'Port' }).boundingBox();
    expect(port?.width ?? 0).toBeGreaterThan(200);
  });
});
