import { expect, test } from '@playwright/test';
import { DEMO, login } from './support/session';

/**
 * Connecting the demo brand to Xero through `npm start`'s sandbox: Connect leaves for the local
 * authorization server's consent, which sends the browser back to /xero-connect; the page posts the
 * code and lands on /xero with the organisation the fake made. Disconnected again at the end, so
 * the other specs see the brand as they expect (not connected).
 */
test('an admin connects the demo brand through the sandbox consent and sees the organisation on /xero', async ({ page }) => {
  await login(page, 'admin');
  await page.goto(`${DEMO}/xero`);
  const card = page.getByRole('region', { name: 'Xero connection' });
  await expect(card.getByText('Xero is not connected.')).toBeVisible();
  await expect(card.getByText(/local sandbox/)).toBeVisible();

  await card.getByRole('button', { name: 'Connect to Xero' }).click();
  await page.waitForURL(`${DEMO}/xero`);
  await expect(card.getByText('Connected to Demo Company (UK)')).toBeVisible();
  await expect(card.getByText('accounting.transactions')).toBeVisible();
  await expect(card.getByText(/^Valid until /)).toBeVisible();

  await card.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Xero?' });
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByText('Xero is not connected.')).toBeVisible();
});
