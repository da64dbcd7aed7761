import { expect, test } from '@playwright/test';
import { DEMO, login } from './support/session';

/**
 * /xero/dashboard on a phone: a developer sees the budget and queue cards and both charts (each a
 * figure with its text summary) sized to the 390 px screen, with no sideways scrolling. The demo
 * brand may or may not be connected when this runs (other specs connect it): nothing here depends on it.
 */
test('a developer opens the Xero dashboard at 390 px: cards, charts with summaries, no horizontal scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await login(page, 'developer');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/xeroadmin/dashboard'));
  await page.goto(`${DEMO}/xero/dashboard`);
  expect((await answered).ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Xero dashboard', level: 1 })).toBeVisible();

  for (const card of ['Left this minute', 'Left today', '429s in the last hour', 'Queue']) await expect(page.getByRole('region', { name: card })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Left this minute' })).toContainText('of 58 in our budget');

  for (const [name, summary] of [
    ['Calls per minute, last hour', /^Last hour: [\d,]+ calls?, \d+ answered 429\. Busiest minute: \d+ of the 60 Xero allows/],
    ['Calls per day, last 7 days', /^Last 7 days: [\d,]+ calls?, \d+ answered 429\. Busiest day: [\d,]+ of the 5,000 Xero allows/],
  ] as const) {
    const figure = page.getByRole('figure', { name });
    await expect(figure).toBeVisible();
    const chart = figure.locator('svg.MuiChartsSurface-root');
    await expect(chart).toBeVisible();
    await expect(page.getByText(summary)).toBeVisible();
    // The chart is drawn within the phone's width.
    const box = await chart.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  await expect(page.getByText('Xero limit 60/min')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
