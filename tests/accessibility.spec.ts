import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createJob, uniqueTag } from './support/jobs';
import { DEMO, login, type DemoRole } from './support/session';

/**
 * Issue 28, every main screen usable by keyboard and screen reader: axe-core's default rules find
 * no critical or serious violation.
 */

/**
 * Waits for the page to settle, then runs axe and expects no critical or serious violation. An open
 * mail's frame is left out: it holds the sender's HTML in a sandbox without scripts, where axe cannot
 * run (it waited there until the test's time ran out); everything around it is checked.
 */
async function expectNoSeriousViolations(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).exclude('iframe[title="Mail content"]').analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const described = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(described, `${what} has accessibility violations:\n${described.join('\n')}`).toEqual([]);
}

/** Each page with a landmark it shows once loaded, so axe looks at the page and not a spinner. */
const PAGES: { path: string; role: DemoRole; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { path: '/sheet', role: 'admin', ready: (page) => page.getByRole('main') },
  { path: '/dispatch', role: 'operator', ready: (page) => page.getByRole('main') },
  { path: '/engineer-view', role: 'engineer', ready: (page) => page.getByRole('main') },
  { path: '/portal', role: 'customer', ready: (page) => page.getByRole('main') },
  { path: '/', role: 'admin', ready: (page) => page.getByRole('main') },
  { path: '/admin/users', role: 'admin', ready: (page) => page.getByRole('table') },
  { path: '/data/contacts', role: 'admin', ready: (page) => page.getByRole('table') },
  { path: '/email', role: 'operator', ready: (page) => page.getByRole('list', { name: 'Mails' }) },
  { path: '/mail-triage', role: 'operator', ready: (page) => page.getByRole('main') },
  { path: '/google/dashboard', role: 'admin', ready: (page) => page.getByRole('main') },
  { path: '/microsoft/dashboard', role: 'admin', ready: (page) => page.getByRole('main') },
  { path: '/xero/dashboard', role: 'admin', ready: (page) => page.getByRole('main') },
];

for (const { path, role, ready } of PAGES) {
  test(`${path} as ${role} has no critical or serious axe violation`, async ({ page }) => {
    await login(page, role);
    await page.goto(`${DEMO}${path}`);
    await expect(ready(page).first()).toBeVisible();
    await expectNoSeriousViolations(page, path);
  });
}

test('/email with a mail open has no critical or serious axe violation', async ({ page }) => {
  await login(page, 'operator', DEMO, '/email');
  const list = page.getByRole('list', { name: 'Mails' });
  await list.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/email\/\d+$/);
  await expect(page.locator('iframe[title="Mail content"]')).toBeVisible();
  await expectNoSeriousViolations(page, 'an open mail');
});

test('every tab of a job has no critical or serious axe violation', async ({ page }) => {
  // Six pages, each settled and scanned.
  test.setTimeout(180_000);
  await login(page, 'operator');
  const job = await createJob(page, { department: 'Plumbing', description: `Axe job ${uniqueTag('ax')}`, site: true });
  for (const tab of ['details', 'schedule', 'sales', 'costs', 'emails', 'documents']) {
    await page.goto(`${DEMO}/sheet/${job.id}/${tab}`);
    await expect(page.getByTestId('job-heading')).toHaveText(job.number);
    await expect(page.getByRole('tab', { selected: true }).first()).toBeVisible();
    await expectNoSeriousViolations(page, `/sheet/${job.id}/${tab}`);
  }
});
