import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './support/session';

/**
 * An admin connects a sandbox Microsoft mailbox through `npm start`'s sandbox on a phone-sized
 * screen: Connect leaves for the local authorization server's consent, which sends the browser back
 * to /microsoft-connect; the page posts the code and lands on /microsoft/dashboard with the new
 * mailbox beside the demo's own sandbox mailbox (connected at start). The admin assigns the demo
 * user to it by keyboard, sees the user on the dashboard and the details page; the user then sees
 * the mailbox on their own dashboard. Disconnected at the end, so the next run starts alike.
 */
test.use({ viewport: { width: 390, height: 844 } });

const MAILBOX = 'sandbox-user@sandbox.onmicrosoft.com';
const DEMO_MAILBOX = 'mailbox@demo-sandbox.test';

/** A run stopped half-way may have left the mailbox connected: start from the demo's own only. */
async function disconnectOurs(page: Page): Promise<void> {
  const listed = await page.request.get(`${DEMO}/api/microsoftaccounts/list`);
  expect(listed.status()).toBe(200);
  for (const account of (await listed.json()).microsoftaccounts.data as { msa_id: number; msa_email: string }[]) {
    if (account.msa_email !== MAILBOX) continue;
    const gone = await page.request.delete(`${DEMO}/api/microsoftaccounts/${account.msa_id}`, { headers: { origin: DEMO } });
    expect(gone.status()).toBe(200);
  }
}

test('an admin connects a sandbox mailbox, assigns a user, and both see it on the dashboard and details at 390 px', async ({ page, browser }) => {
  await login(page, 'admin');
  await disconnectOurs(page);
  await page.goto(`${DEMO}/microsoft/dashboard`);
  await expect(page.getByText('Local sandbox: these Microsoft 365 mailboxes are simulated on this machine; no mail leaves it.')).toBeVisible();
  // npm start connected the demo's own sandbox mailbox, the default.
  const demoCard = page.getByRole('region', { name: DEMO_MAILBOX });
  await expect(demoCard.getByText('Default', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Connect a Microsoft mailbox' }).click();
  await page.waitForURL(`${DEMO}/microsoft/dashboard`);
  const card = page.getByRole('region', { name: MAILBOX });
  await expect(card).toBeVisible();
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(card.getByText('No user is assigned.')).toBeVisible();
  await expect(card.getByText('Default', { exact: true })).toHaveCount(0);
  // Nothing spills sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await card.getByRole('button', { name: 'Assign users' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Who may use ${MAILBOX}` });
  const assigned = dialog.getByRole('checkbox', { name: 'Assigned: user@demo.test' });
  await assigned.focus();
  await page.keyboard.press('Space');
  await expect(assigned).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Can send: user@demo.test' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Can delete: user@demo.test' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByText('No user is assigned.')).toHaveCount(0);

  await card.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/microsoft\/accountdetails\/\d+$/);
  await expect(page.getByRole('heading', { name: MAILBOX })).toBeVisible();
  const users = page.getByRole('region', { name: 'Users' });
  await expect(users.getByRole('cell', { name: /user@demo\.test/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Token health' }).getByText('Working')).toBeVisible();
  await expect(page.getByText('No folder has been synced yet.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The user sees the mailbox assigned to them, and no admin actions.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const userPage = await context.newPage();
  await login(userPage, 'user');
  await userPage.goto(`${DEMO}/microsoft/dashboard`);
  await expect(userPage.getByRole('region', { name: MAILBOX })).toBeVisible();
  await expect(userPage.getByRole('button', { name: 'Connect a Microsoft mailbox' })).toHaveCount(0);
  await expect(userPage.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
  await context.close();

  await page.goto(`${DEMO}/microsoft/dashboard`);
  await page.getByRole('region', { name: MAILBOX }).getByRole('button', { name: 'Disconnect' }).click();
  await page
    .getByRole('dialog', { name: `Disconnect ${MAILBOX}?` })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(page.getByRole('region', { name: MAILBOX })).toHaveCount(0);
  await expect(demoCard).toBeVisible();
});
