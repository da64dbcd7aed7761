import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createJob, uniqueTag } from './support/jobs';
import { DEMO, login, type DemoRole } from './support/session';

/**
 * Issue 28, every main screen usable by keyboard and screen reader: axe-core's default rules find
 * no critical or serious violation.
 */

/** Waits for the page to settle, then runs axe and expects no critical or serious violation. */
async function expectNoSeriousViolations(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const described = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(described, `${what} has accessibility violations:\n${described.join('\n')}`).toEqual([]);
}

const PAGES: { path: string; role: DemoRole }[] = [
  { path: '/sheet', role: 'admin' },
  { path: '/dispatch', role: 'operator' },
  { path: '/engineer-view', role: 'engineer' },
  { path: '/portal', role: 'customer' },
];

for (const { path, role } of PAGES) {
  test(`${path} as ${role} has no critical or serious axe violation`, async ({ page }) => {
    await login(page, role);
    await page.goto(`${DEMO}${path}`);
    await expectNoSeriousViolations(page, path);
  });
}

test("a job's details tab has no critical or serious axe violation", async ({ page }) => {
  await login(page, 'operator');
  const job = await createJob(page, { department: 'Plumbing', description: `Axe job ${uniqueTag('ax')}`, site: true });
  await page.goto(`${DEMO}/sheet/${job.id}/details`);
  await expect(page.getByTestId('job-heading')).toHaveText(job.number);
  await expectNoSeriousViolations(page, `/sheet/${job.id}/details`);
});
