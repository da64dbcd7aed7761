import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, login } from './support/session';

/** A server refusal shown as a notice, stored in the error list, copied and cleared (SPEC.md point 8). */
test('an error notice stacks, opens the error list, and the list copies and clears', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: DEMO });
  await login(page, 'admin');
  await page.goto(`${DEMO}/error-list`);
  await expect(page.getByText('There are no stored errors.')).toBeVisible();

  // PLB belongs to the seeded Plumbing department: the server answers 409 CONFLICT.
  await page.goto(`${DEMO}/data/department`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('textbox', { name: 'Name' }).fill('Second plumbing');
  await page.getByRole('textbox', { name: 'Job number prefix' }).fill('PLB');
  await page.getByRole('button', { name: 'Save' }).click();
  const notice = page.getByRole('region', { name: 'Notifications' }).getByRole('alert').filter({ hasText: 'A record with this value already exists.' });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('data-kind', 'error');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notice).toHaveCount(1);
  await expect(notice).toHaveAttribute('data-count', '2');

  // The notice sits at the bottom of the screen.
  const box = await notice.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.y).toBeGreaterThan(viewport.height / 2);

  await notice.click();
  const dialog = page.getByRole('dialog', { name: 'Error list' });
  await expect(dialog).toBeVisible();
  const entry = dialog.getByTestId('error-entry').first();
  await expect(entry).toContainText('A record with this value already exists.');
  await expect(entry).toContainText('/api/departments/create');
  await expect(entry).toHaveAttribute('data-level', 'error');
  await expect(entry).toHaveCSS('border-left-color', /rgb\((2\d\d), \d{1,2}, \d{1,2}\)/);

  await entry.getByRole('button', { name: 'Copy' }).click();
  await expect(entry.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('/api/departments/create');
  expect(copied).toContain('A record with this value already exists.');

  // The list survives a reload (it is kept under system-last-errors).
  await page.goto(`${DEMO}/error-list`);
  await expect(page.getByTestId('error-entry').first()).toContainText('A record with this value already exists.');
  const stored = await page.evaluate(() => localStorage.getItem('system-last-errors'));
  expect(stored).toContain('already exists');

  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByText('There are no stored errors.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show error list' })).toHaveAttribute('data-count', '0');
});

/**
 * Stops the page's clock (installed with page.clock.install()): from here on no timer of the page
 * runs unless the test moves the clock on, so durations are counted in page time, whatever the
 * machine's load.
 */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000);
}

/** Moves the paused clock on in 10 ms steps until `target` shows: it came at most about 10 ms of page time ago. */
async function runClockUntilVisible(page: Page, target: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await target.isVisible()) return true;
        await page.clock.runFor(10);
        return target.isVisible();
      },
      { timeout: 30_000, intervals: [50] },
    )
    .toBe(true);
}

test('a success notice leaves after about a second; an error notice stays', async ({ page }) => {
  await page.clock.install();
  await login(page, 'admin');
  await page.goto(`${DEMO}/data/department`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('textbox', { name: 'Name' }).fill(`Temporary ${Date.now()}`);
  await page.getByRole('textbox', { name: 'Job number prefix' }).fill(`T${Date.now().toString(36).slice(-5).toUpperCase()}`);
  await pauseClock(page);
  await page.getByRole('button', { name: 'Save' }).click();
  const success = page.getByRole('region', { name: 'Notifications' }).getByRole('status').first();
  await runClockUntilVisible(page, success);
  // SPEC.md point 9: a success notice stays 1 s.
  await page.clock.runFor(900);
  await expect(success).toBeVisible();
  await page.clock.runFor(200);
  await expect(success).toHaveCount(0);

  await page.clock.resume();
  await page.goto(`${DEMO}/data/department`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('textbox', { name: 'Name' }).fill('Clash');
  await page.getByRole('textbox', { name: 'Job number prefix' }).fill('ELE');
  await pauseClock(page);
  await page.getByRole('button', { name: 'Save' }).click();
  const error = page.getByRole('region', { name: 'Notifications' }).getByRole('alert').first();
  await runClockUntilVisible(page, error);
  // An error notice stays 15 s.
  await page.clock.runFor(14_000);
  await expect(error).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(error).toHaveCount(0);
});
