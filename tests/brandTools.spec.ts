import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { DEMO, login } from './support/session';

test('a new company reserves a site and signs in on its new domain as its admin', async ({ page }) => {
  const subdomain = `e2e${Date.now().toString(36)}`;
  await page.goto(`${DEMO}/reserve`);
  await expect(page.getByText(/Free sites: \d+/)).toBeVisible();
  await page.locator('input[name=company]').fill('Quick Fix Ltd');
  await page.locator('input[name=subdomain]').fill(subdomain);
  await page.locator('input[name=firstname]').fill('Ada');
  await page.locator('input[name=surname]').fill('Boss');
  await page.locator('input[name=email]').fill('ada@quickfix.test');
  await page.locator('input[name=password]').fill('quick-pass-1');
  await page.locator('input[name=password_again]').fill('quick-pass-2');
  await page.getByRole('button', { name: 'Reserve my site' }).click();
  await expect(page.getByText('Passwords must match!')).toBeVisible();
  await page.locator('input[name=password_again]').fill('quick-pass-1');
  await page.getByRole('button', { name: 'Reserve my site' }).click();
  await expect(page.getByText('You need to accept the license and terms first!')).toBeVisible();
  await page.getByLabel('I accept the license and terms').check();
  await page.getByRole('button', { name: 'Reserve my site' }).click();
  await expect(page.getByText(`Your site is ready: ${subdomain}.localhost`)).toBeVisible();

  await page.getByRole('link', { name: 'Open my site' }).click();
  await expect(page).toHaveURL(`http://${subdomain}.localhost:${E2E_PORT}/login`);
  await expect(page.getByTestId('brand-mark')).toHaveText('Quick Fix Ltd');
  await page.getByLabel('Email').fill('ada@quickfix.test');
  await page.locator('input[name=password]').fill('quick-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByText('Quick Fix Ltd').first()).toBeVisible();
  // The admin of the new brand administers it: the admin block is open to them.
  await page.goto(`http://${subdomain}.localhost:${E2E_PORT}/admin/globalerrors`);
  await expect(page.getByRole('heading', { name: 'Global errors' })).toBeVisible();
});

test('a developer dry-runs a SQL batch over two schemas and sees the result per schema', async ({ page }) => {
  await login(page, 'developer', DEMO, '/dev/sql-schemas');
  await expect(page).toHaveURL(/\/dev\/sql-schemas/);
  const fileName = `probe-${Date.now().toString(36)}`;
  await page.locator('input[name=bf_name]').fill(fileName);
  await page.locator('textarea[name=bf_sql]').fill('create table e2e_probe (id int); insert into e2e_probe values (1);');
  await page.getByRole('button', { name: 'Add SQL file' }).click();
  await page.getByLabel(`${fileName} (site_n)`).check();
  await page.getByLabel(/^site_1 — /).check();
  await page.getByLabel(/^site_2 — /).check();
  await page.getByLabel('global', { exact: true }).check();
  await expect(page.getByText("SQL file types 'global' and 'site_n' cannot be selected together.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run' })).toBeDisabled();
  await page.getByLabel('global', { exact: true }).uncheck();
  await expect(page.getByLabel('Dry run (roll back every schema)')).toBeChecked();
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('result-site_1')).toContainText('OK (rolled back)');
  await expect(page.getByTestId('result-site_2')).toContainText('OK (rolled back)');
  await expect(page.getByRole('alert').filter({ hasText: 'Sql files to DB was success.' }).first()).toBeVisible();
});

test('brand sites: a Sales user edits the JSON configuration, which is checked before saving', async ({ page }) => {
  await login(page, 'sales', DEMO, '/brands');
  await expect(page).toHaveURL(/\/brands/);
  await page.getByRole('link', { name: 'Acme Repairs' }).click();
  const editor = page.locator('textarea[name=config]');
  await expect(editor).toContainText('"features"');
  const original = await editor.inputValue();
  await editor.fill('{ "features": { "job": { "xeroo": true } } }');
  await expect(page.getByTestId('config-issues')).toContainText('features.job.xeroo');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await editor.fill(original);
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
});
