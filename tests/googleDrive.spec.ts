import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './support/session';

/**
 * A user connects a sandbox Google account of its own (a new Google user at the local authorization
 * server, seeded with folders and files at its first consent), opens a folder by keyboard on a
 * phone-sized screen, downloads a file (its name and bytes checked), moves another to the trash after
 * confirming, and disconnects at the end.
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

test('a user browses a sandbox Drive: opens a folder, downloads a file, deletes one after confirming', async ({ page }) => {
  const email = `e2e-drive-${Date.now()}@example.com`;
  // Consent as a Google user of this test's own, so its files are this test's.
  await page.route(/\/oauth\/google\/authorize\?/, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('login_hint', email);
    await route.continue({ url: url.toString() });
  });
  await login(page, 'operator');
  await disconnectAll(page);

  await page.goto(`${DEMO}/google/drive`);
  await expect(page.getByText('Google login/connection is required!')).toBeVisible();
  await page.goto(`${DEMO}/google/dashboard`);
  await page.getByRole('button', { name: 'Connect a Google account' }).click();
  await page.waitForURL(`${DEMO}/google/dashboard`);
  await expect(page.getByRole('region', { name: email })).toBeVisible();

  await page.goto(`${DEMO}/google/drive`);
  await expect(page.getByRole('combobox', { name: 'Google account' })).toContainText(email);
  const openJobs = page.getByRole('button', { name: 'Open Jobs' });
  await expect(openJobs).toBeVisible();
  await expect(page.getByRole('row', { name: /Welcome to the sandbox\.txt/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The first sync records where Drive's change list starts; the next finds nothing new.
  await page.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('Changes are tracked from now on')).toBeVisible();
  await page.getByRole('button', { name: 'Sync' }).click();
  await expect(page.getByText('Up to date: nothing changed')).toBeVisible();

  // A folder opens by keyboard.
  await openJobs.focus();
  await page.keyboard.press('Enter');
  const crumbs = page.getByRole('navigation', { name: 'Folder path' });
  await expect(crumbs.getByText('Jobs')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Open Site photos' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Price list 2026.csv' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Price list 2026.csv');
  expect(await readFile(await download.path(), 'utf8')).toBe('item,price\nCall-out,85.00\nHourly rate,60.00\n');

  const row = page.getByRole('row', { name: /Price list 2026\.csv/ });
  await page.getByRole('button', { name: 'Delete Price list 2026.csv' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Price list 2026.csv to the trash?' });
  // Cancel leaves it where it was.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: 'Delete Price list 2026.csv' }).click();
  await dialog.getByRole('button', { name: 'Move to trash' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Meeting notes/ })).toBeVisible();

  // The breadcrumb leads back up; the trash is Google's, so a fresh look agrees.
  await crumbs.getByRole('button', { name: 'My Drive' }).click();
  await expect(openJobs).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Open Jobs' }).click();
  await expect(page.getByRole('row', { name: /Meeting notes/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Price list 2026\.csv/ })).toHaveCount(0);

  await disconnectAll(page);
  await page.goto(`${DEMO}/google/drive`);
  await expect(page.getByText('Google login/connection is required!')).toBeVisible();
});
