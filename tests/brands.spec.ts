import { expect, test } from '@playwright/test';
import { ACME, DEMO, login } from './support/session';

test('the two brands answer different configurations', async ({ request }) => {
  const demo = (await (await request.get(`${DEMO}/api/brandsiteconfig`)).json()).brandsiteconfig.data[0];
  const acme = (await (await request.get(`${ACME}/api/brandsiteconfig`)).json()).brandsiteconfig.data[0];
  expect(demo.finalDomainConfig.name).toBe('Demo Maintenance');
  expect(acme.finalDomainConfig.name).toBe('Acme Repairs');
  expect(demo.finalDomainConfig.features.mail.enabled).toBe(true);
  expect(acme.finalDomainConfig.features.mail.enabled).toBe(false);
  expect(acme.finalDomainConfig.features.job.xero).toBe(false);
  expect(demo.d_id).not.toBe(acme.d_id);
});

test('each brand shows its own name in the app', async ({ page }) => {
  await page.goto(`${ACME}/login`);
  await expect(page.getByTestId('brand-mark')).toHaveText('Acme Repairs');
  await page.goto(`${DEMO}/login`);
  await expect(page.getByTestId('brand-mark')).toHaveText('Demo Maintenance');
  await login(page, 'operator', ACME);
  await expect(page.getByRole('banner').getByText('Acme Repairs').first()).toBeVisible();
  await login(page, 'operator', DEMO);
  await expect(page.getByRole('banner').getByText('Demo Maintenance').first()).toBeVisible();
});

test("a session of one brand is refused on the other brand's host", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, 'admin', DEMO);
  const [sid] = (await context.cookies(DEMO)).filter((c) => c.name === 'sid');
  expect(sid).toBeTruthy();
  // Carry the demo brand's cookie over to the other brand's host by hand.
  await context.addCookies([{ name: 'sid', value: sid.value, domain: '127.0.0.1', path: '/' }]);
  const other = await (await page.request.get(`${ACME}/api/auth/whoami`)).json();
  expect(other.auth.data.is_loggedin).toBe(false);
  const refused = await page.request.get(`${ACME}/api/departments/list`);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).departments.dbErrors[0].error).toBe('AUTH_REQUIRED');
  await page.goto(`${ACME}/data/departments`);
  await expect(page).toHaveURL(/\/login\?to=/);
  await context.close();
});
