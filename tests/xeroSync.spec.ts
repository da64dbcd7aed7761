import { expect, test, type Page } from '@playwright/test';
import { providerControl, type ProviderControl } from '../providers/control';
import { DEMO, login } from './support/session';

/**
 * The Xero pulls end to end on `npm start` with its sandbox and workers: an admin connects the
 * demo brand through the sandbox's consent, syncs tax rates and items on their pages, sees the
 * progress while the queued pull runs and the rows it brought. The consent is steered (login_hint)
 * to an organisation made here with an item, through the sandbox's control API, whose address the
 * authorize redirect gives away. Disconnected in afterAll, so later specs see the brand as before;
 * the pull changes no local default or visibility (it only adds Xero's other rates).
 */
let control: ProviderControl | null = null;

/** Leaves the demo brand without a Xero connection, whatever the previous test left. */
async function disconnectXero(page: Page) {
  await page.goto(`${DEMO}/xero`);
  const card = page.getByRole('region', { name: 'Xero connection' });
  const disconnect = card.getByRole('button', { name: 'Disconnect' });
  const notConnected = card.getByText('Xero is not connected.');
  await expect(disconnect.or(notConnected)).toBeVisible();
  if (await disconnect.isVisible()) {
    await disconnect.click();
    await page.getByRole('dialog', { name: 'Disconnect Xero?' }).getByRole('button', { name: 'Disconnect' }).click();
  }
  await expect(notConnected).toBeVisible();
}

test.afterAll(async ({ browser }) => {
  await control?.xero.clearFaults();
  const page = await browser.newPage();
  await login(page, 'admin');
  await disconnectXero(page);
  await page.close();
});

test('an admin connects the demo brand, syncs tax rates and items with progress, and sees the pulled rows', async ({ page }) => {
  const subject = `e2e-sync-${Date.now()}`;
  await page.route(/\/oauth\/xero\/authorize\?/, async (route) => {
    const url = new URL(route.request().url());
    control = providerControl(url.origin);
    const tenant = await control.xero.createTenant({ name: 'Demo Company (UK)', subject });
    await control.xero.seedItems(tenant.tenantId, [{ Code: 'BOILER-SVC', Name: 'Boiler service', Description: 'Annual boiler service' }]);
    url.searchParams.set('login_hint', subject);
    await route.continue({ url: url.toString() });
  });

  await login(page, 'admin');
  await page.goto(`${DEMO}/xero`);
  const card = page.getByRole('region', { name: 'Xero connection' });
  await card.getByRole('button', { name: 'Connect to Xero' }).click();
  await page.waitForURL(`${DEMO}/xero`);
  await expect(card.getByText('Connected to Demo Company (UK)')).toBeVisible();
  expect(control).not.toBeNull();
  // Each Xero call takes a while, so the running sync is there to be seen.
  await control!.xero.latency(1500);

  await page.goto(`${DEMO}/xero/taxrates`);
  await expect(page.getByRole('heading', { name: 'Tax rates' })).toBeVisible();
  await expect(page.getByText('Zero Rated Expenses', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Syncing…' })).toBeDisabled();
  await expect(page.getByText('Sync finished: 9 records pulled.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toHaveCount(0);
  await expect(page.getByText('Zero Rated Expenses', { exact: true })).toBeVisible();
  // The local default is kept.
  await expect(page.getByLabel('20% (VAT on Income) is the default tax rate')).toBeVisible();

  await page.goto(`${DEMO}/xero/items`);
  await expect(page.getByRole('heading', { name: 'Items' })).toBeVisible();
  await expect(page.getByText('Boiler service', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toBeVisible();
  await expect(page.getByText('Sync finished: 1 record pulled.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Boiler service', { exact: true })).toBeVisible();
});

test('an admin syncs the contacts both ways from the contact list: a Xero contact arrives, ours get their Xero ids', async ({ page }) => {
  const subject = `e2e-contacts-${Date.now()}`;
  const name = `Harbour View Lettings ${Date.now()}`;
  let tenantId = '';
  await page.route(/\/oauth\/xero\/authorize\?/, async (route) => {
    const url = new URL(route.request().url());
    control = providerControl(url.origin);
    const tenant = await control.xero.createTenant({ name: 'Demo Company (UK)', subject });
    tenantId = tenant.tenantId;
    await control.xero.seedContacts(tenant.tenantId, [{ Name: name, EmailAddress: 'lettings@harbourview.test' }]);
    url.searchParams.set('login_hint', subject);
    await route.continue({ url: url.toString() });
  });

  await login(page, 'admin');
  await disconnectXero(page);
  const card = page.getByRole('region', { name: 'Xero connection' });
  await card.getByRole('button', { name: 'Connect to Xero' }).click();
  await page.waitForURL(`${DEMO}/xero`);
  await expect(card.getByText('Connected to Demo Company (UK)')).toBeVisible();

  await page.goto(`${DEMO}/data/contacts`);
  await page.getByRole('button', { name: 'Sync with Xero' }).click();
  // Contacts other specs made may be refused by Xero's unique-name rule: the finished line then says so after the count.
  await expect(page.getByText(/^Sync finished: \d+ contacts pulled or sent\./)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Search', { exact: true }).fill(name);
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  // The demo's own clients went the other way.
  const atXero = await control!.xero.state(tenantId);
  expect(atXero.contacts.length).toBeGreaterThan(1);
});
