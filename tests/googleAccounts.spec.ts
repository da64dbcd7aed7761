import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './support/session';

/**
 * A user connects a Google account through `npm start`'s sandbox on a phone-sized screen: Connect
 * leaves for the local authorization server's consent, which sends the browser back to
 * /google-connect; the page posts the code and lands on /google/dashboard with the sandbox account
 * (seeded by the fake at its first consent). The selection switch and disconnect are worked by
 * keyboard; disconnected at the end, so the dashboard is empty again for the next run.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A run stopped half-way may have left the account connected: start from none, as the user would. */
async function disconnectAll(page: Page): Promise<void> {
  const listed = await page.request.get(`${DEMO}/api/googleaccounts/list`);
  expect(listed.status()).toBe(200);
  for (const account of (await listed.json()).googleaccounts.data as { ga_id: number }[]) {
    const gone = await page.request.delete(`${DEMO}/api/googleaccounts/${account.ga_id}`, { headers: { origin: DEMO } });
    expect(gone.status()).toBe(200);
  }
}

test('a user connects a sandbox Google account, sees it on the dashboard at 390 px, and disconnects it', async ({ page }) => {
  await login(page, 'user');
  await disconnectAll(page);
  await page.goto(`${DEMO}/google/dashboard`);
  await expect(page.getByText('This is the local sandbox: no data leaves this machine.')).toBeVisible();
  await expect(page.getByText('Google login/connection is required!')).toBeVisible();

  await page.getByRole('button', { name: 'Connect a Google account' }).click();
  await page.waitForURL(`${DEMO}/google/dashboard`);
  const card = page.getByRole('region', { name: 'sandbox-user@sandbox.example.com' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(card.getByText('drive', { exact: true })).toBeVisible();
  await expect(page.getByText('Google login/connection is required!')).toHaveCount(0);
  await expect(page.getByText('1 account connected · 1 selected')).toBeVisible();
  // Nothing spills sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const use = card.getByRole('switch', { name: 'Use sandbox-user@sandbox.example.com' });
  await use.focus();
  await page.keyboard.press('Space');
  await expect(use).not.toBeChecked();
  await expect(page.getByText('1 account connected · 0 selected')).toBeVisible();
  // The selection is the server's: it survives a reload.
  await page.reload();
  await expect(card.getByRole('switch', { name: 'Use sandbox-user@sandbox.example.com' })).not.toBeChecked();

  await card.getByRole('button', { name: 'Disconnect' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Disconnect sandbox-user@sandbox.example.com?' });
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('Google login/connection is required!')).toBeVisible();
});
