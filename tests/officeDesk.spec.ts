import { expect, test, type Page } from '@playwright/test';
import { createJob, uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

const headers = { origin: DEMO };

async function setStatus(page: Page, jobId: number, status: string) {
  const res = await page.request.patch(`${DEMO}/api/jobs/${jobId}`, { headers, data: { job_status: status } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The number at the start or end of a figure's link text ("3 jobs", "Completed: 3"). */
async function figureCount(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(testId).innerText();
  return Number(/(\d+)/.exec(text)![1]);
}

/** Follows a figure's link and checks the sheet lists as many jobs as the figure said. */
async function expectSheetMatches(page: Page, testId: string) {
  await page.goto(`${DEMO}/`);
  const count = await figureCount(page, testId);
  await page.getByTestId(testId).click();
  await expect(page).toHaveURL(`${DEMO}/sheet`);
  await expect(page.getByTestId('sheet-total')).toHaveText(`${count} jobs`);
  return count;
}

test("the office home page's figures open the sheet filtered to the same jobs", async ({ page }) => {
  const tag = uniqueTag('Home');
  await login(page, 'operator');
  await expect(page).toHaveURL(`${DEMO}/`);
  await expect(page.getByRole('heading', { name: 'Jobs by status' })).toBeVisible();

  const quoted = await createJob(page, { department: 'Plumbing', description: `Quoted ${tag}` });
  await setStatus(page, quoted.id, 'QUOTED');
  const completed = await createJob(page, { department: 'Electrical', description: `Completed ${tag}` });
  await setStatus(page, completed.id, 'COMPLETED');

  expect(await expectSheetMatches(page, 'home-quotesAwaiting')).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('table', { name: 'Jobs' }).getByRole('link', { name: quoted.number, exact: true })).toBeAttached();
  expect(await expectSheetMatches(page, 'home-status-COMPLETED')).toBeGreaterThanOrEqual(1);
  expect(await expectSheetMatches(page, 'home-unbilled')).toBeGreaterThanOrEqual(1);
  await expectSheetMatches(page, 'home-overdue');
});

test('a job is opened from the sheet with the keyboard alone', async ({ page }) => {
  const tag = uniqueTag('Keys');
  await login(page, 'operator');
  const job = await createJob(page, { department: 'Plumbing', description: `Keyboard ${tag}` });
  await page.goto(`${DEMO}/sheet?filter=${encodeURIComponent(JSON.stringify({ job_number: job.number }))}`);
  await expect(page.getByTestId('sheet-total')).toHaveText('1 job');
  const link = page.getByRole('table', { name: 'Jobs' }).getByRole('link', { name: job.number, exact: true });
  await expect(link).toHaveAttribute('href', `/sheet/${job.id}/details`);
  let focused = false;
  for (let i = 0; i < 150 && !focused; i++) {
    await page.keyboard.press('Tab');
    focused = await link.evaluate((el) => el === document.activeElement);
  }
  expect(focused).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${DEMO}/sheet/${job.id}/details`);
  await expect(page.getByTestId('job-heading')).toHaveText(job.number);
});

test('at 390 px the filters wait in a drawer and the first job row is in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'operator', DEMO, '/sheet');
  await expect(page).toHaveURL(`${DEMO}/sheet`);
  const firstRow = page.getByRole('table', { name: 'Jobs' }).getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  expect((await firstRow.boundingBox())!.y).toBeLessThan(844);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveCount(0);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await page.getByRole('button', { name: 'Close filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveCount(0);
});

test('a bulk status change of three jobs', async ({ page }) => {
  const tag = uniqueTag('Bulk');
  await login(page, 'operator');
  const jobs = [];
  for (const n of [1, 2, 3]) jobs.push(await createJob(page, { department: 'Plumbing', description: `Bulk ${n} ${tag}` }));
  await page.goto(`${DEMO}/sheet?filter=${encodeURIComponent(JSON.stringify({ stext: tag }))}`);
  await expect(page.getByTestId('sheet-total')).toHaveText('3 jobs');
  const table = page.getByRole('table', { name: 'Jobs' });
  await table.getByRole('checkbox', { name: 'Select all jobs on this page' }).check();
  const bar = page.getByRole('region', { name: '3 jobs selected' });
  // The second choice is the value of the first (Change: Set status).
  await bar.getByRole('combobox').nth(1).click();
  await page.getByRole('option', { name: 'Booked', exact: true }).click();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/jobs/bulk'));
  await bar.getByRole('button', { name: 'Apply' }).click();
  expect((await answered).ok()).toBe(true);
  await expect(page.getByText('3 jobs changed.')).toBeVisible();
  await expect(bar).toBeHidden();
  for (const job of jobs) await expect(table.getByRole('row').filter({ hasText: job.number })).toContainText('Booked');
  await page.reload();
  await page.goto(`${DEMO}/sheet?filter=${encodeURIComponent(JSON.stringify({ stext: tag, job_status: ['BOOKED'] }))}`);
  await expect(page.getByTestId('sheet-total')).toHaveText('3 jobs');
});

test('a saved view is restored after a reload', async ({ page }) => {
  const tag = uniqueTag('View');
  await login(page, 'operator');
  const job = await createJob(page, { department: 'Plumbing', description: `Saved view ${tag}` });
  await page.goto(`${DEMO}/sheet?filter=${encodeURIComponent(JSON.stringify({ stext: tag }))}`);
  await expect(page.getByTestId('sheet-total')).toHaveText('1 job');
  const table = page.getByRole('table', { name: 'Jobs' });
  const startHeader = table.getByRole('columnheader', { name: 'Start', exact: true });
  await startHeader.getByRole('button', { name: 'Start' }).click();
  await expect(startHeader).toHaveAttribute('aria-sort', 'ascending');

  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('View name').fill(`Mine ${tag}`);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/usersettings/preferences') && r.request().method() === 'PATCH');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  expect((await saved).ok()).toBe(true);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await startHeader.getByRole('button', { name: 'Start' }).click();
  await expect(startHeader).toHaveAttribute('aria-sort', 'descending');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');

  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: `Apply view Mine ${tag}` }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
  await expect(page.getByTestId('sheet-total')).toHaveText('1 job');
  await expect(table.getByRole('link', { name: job.number, exact: true })).toBeVisible();
  await expect(startHeader).toHaveAttribute('aria-sort', 'ascending');
});
