import { expect, test } from '@playwright/test';
import { ACME, DEMO, login } from './support/session';

test('a deep link to a page the role may not open lands on not-allowed with the right query', async ({ page }) => {
  await login(page, 'operator');
  await page.goto(`${DEMO}/admin/users`);
  await expect(page).toHaveURL(/\/not-allowed\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('to')).toBe('/admin/users');
  expect(url.searchParams.get('name')).toBe('Users');
  expect(url.searchParams.get('blocked')).toBe('role');
  await expect(page.getByText('Your role is not permitted to open this page.')).toBeVisible();
});

test('a page whose feature is off on the brand lands on not-allowed with blocked=feature', async ({ page }) => {
  await login(page, 'operator', ACME);
  await page.goto(`${ACME}/email`);
  await expect(page).toHaveURL(/\/not-allowed\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('to')).toBe('/email');
  expect(url.searchParams.get('blocked')).toBe('feature');
  await expect(page.getByText('This feature is not active on this site.')).toBeVisible();
});

test('an unknown path shows the not-found page and Go home leaves it', async ({ page }) => {
  await login(page, 'admin');
  await page.goto(`${DEMO}/no/such/page`);
  await expect(page.getByText('Oops. Nothing here...')).toBeVisible();
  await page
    .getByRole('link', { name: 'Go home' })
    .or(page.getByRole('button', { name: 'Go home' }))
    .first()
    .click();
  await expect(page.getByText('Oops. Nothing here...')).toHaveCount(0);
  expect(new URL(page.url()).pathname).not.toBe('/no/such/page');
});

test('an unknown path seen signed out is framed with the brand, as /not-found-404 is', async ({ page }) => {
  await page.goto(`${DEMO}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Not found', level: 1 })).toBeVisible();
  await expect(page.getByText('Oops. Nothing here...')).toBeVisible();
  await expect(page.getByTestId('brand-mark')).toBeVisible();
});

test('old paths redirect and keep their query string', async ({ page }) => {
  await login(page, 'admin');
  await page.goto(`${DEMO}/errorlist?from=mail&x=2`);
  await expect(page).toHaveURL(`${DEMO}/error-list?from=mail&x=2`);
  await page.goto(`${DEMO}/engineerreports?week=3`);
  await expect(page).toHaveURL(`${DEMO}/engineer-reports?week=3`);
});

test('the page title follows the route', async ({ page }) => {
  await login(page, 'admin');
  await page.goto(`${DEMO}/data/departments`);
  await expect(page).toHaveTitle(/^Departments/);
  await page.goto(`${DEMO}/error-list`);
  await expect(page).toHaveTitle(/^Error list/);
});

test('the service worker file is served and registered', async ({ page }) => {
  const sw = await page.request.get(`${DEMO}/sw.js`);
  expect(sw.status()).toBe(200);
  await login(page, 'operator');
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBeGreaterThan(0);
});
