import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './support/session';

/**
 * The SPA under its Content-Security-Policy in Chromium: pages render with no CSP violation (no
 * inline script is needed; MUI's emotion styles are allowed), the headers are on the documents, and
 * no other page can frame the app.
 */

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|apply|execute|evaluate|connect)/i.test(msg.text())) seen.push(msg.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return seen;
}

test.describe('security headers in the browser', () => {
  test('the login page and the app render under the CSP with no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto(`${DEMO}/login`);
    const headers = res!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self';");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    await login(page, 'admin');
    for (const path of ['/data/departments', '/sheet', '/settings']) {
      await page.goto(`${DEMO}${path}`);
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    }
    // The service worker registers from its own file.
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });

  test('the API documentation renders under the CSP', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(`${DEMO}/api/docs`);
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Back-office API');
    expect(violations).toEqual([]);
  });

  test('assets come compressed and cached immutable; /favicon.ico is answered', async ({ page }) => {
    const assets: { url: string; encoding?: string; cache?: string }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/') && /\.(js|css)$/.test(r.url()))
        assets.push({ url: r.url(), encoding: r.headers()['content-encoding'], cache: r.headers()['cache-control'] });
    });
    await page.goto(`${DEMO}/login`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(assets.length).toBeGreaterThan(0);
    for (const a of assets) {
      expect(['br', 'gzip'], a.url).toContain(a.encoding);
      expect(a.cache, a.url).toContain('immutable');
    }
    const icon = await page.request.get(`${DEMO}/favicon.ico`);
    expect(icon.status()).toBe(200);
  });

  test('no other page can frame the app', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (msg) => {
      if (/frame-ancestors|X-Frame-Options|Refused to display/i.test(msg.text())) refused.push(msg.text());
    });
    await page.setContent(`<iframe id="victim" src="${DEMO}/login" width="800" height="600"></iframe>`);
    const frame = page.frameLocator('#victim');
    await page.waitForTimeout(2000);
    await expect(frame.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    expect(refused.length).toBeGreaterThan(0);
  });
});
