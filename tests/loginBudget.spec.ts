import { expect, test, type Request } from '@playwright/test';
import { DEMO } from './support/session';

/** Issue 27's budget: the login page's JavaScript is at most 300 kB compressed on the wire (measured as bench/web.ts does). */
const LOGIN_JS_BUDGET = 300 * 1000;

test('the login page loads at most 300 kB of compressed JavaScript', async ({ page }) => {
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  await page.goto(`${DEMO}/login`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts = finished.filter((r) => r.resourceType() === 'script');
  expect(scripts.length).toBeGreaterThan(0);
  let bytes = 0;
  for (const request of scripts) bytes += Math.max(0, (await request.sizes()).responseBodySize);
  expect(bytes, `${scripts.length} scripts, ${bytes} bytes`).toBeGreaterThan(0);
  expect(bytes, `${scripts.length} scripts, ${bytes} bytes`).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
});
