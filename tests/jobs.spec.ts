import { expect, test } from '@playwright/test';
import { createJob, openJobTab, pickOption, uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

const ENGINEER = 'Ethan Clarke';

/**
 * Issue 4 end to end: an operator builds a job from scratch (details, lead engineer, a sales
 * section with exact totals, an engineer's cost, the engineer's lock), and the engineer then sees
 * the job in the engineer view with the costs locked.
 */
test('an operator creates a job with a lead engineer, sales and costs, locks the engineer costs, and the engineer sees them locked', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag('Job');
  await login(page, 'operator');
  const job = await createJob(page, { department: 'Plumbing', client: 'Harbour Lettings', site: true, description: `Leaking stopcock ${tag}` });
  await expect(page.getByRole('combobox', { name: 'Department', exact: true })).toHaveValue('Plumbing');
  await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue('Harbour Lettings');
  await expect(page.getByRole('combobox', { name: 'Site', exact: true })).toHaveValue(job.site!);

  // The lead engineer: added, made lead, saved, and still there after a reload.
  await page.waitForLoadState('networkidle');
  await pickOption(page, 'Engineer', ENGINEER);
  await page.getByRole('button', { name: 'Add engineer' }).click();
  await page.getByRole('radio', { name: `Lead: ${ENGINEER}` }).check();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/jobs/${job.id}`));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('radio', { name: `Lead: ${ENGINEER}` })).toBeChecked();
  await expect(page.getByTestId('job-heading')).toHaveText(job.number);

  // Sales: one section, two rows, exact totals (3 × 19.99 + 2 × 10.00 = 79.97 net, 20% tax).
  await openJobTab(page, 'Sales');
  await expect(page).toHaveURL(`${DEMO}/sheet/${job.id}/sales`);
  await page.getByRole('button', { name: 'Add sales section' }).click();
  const section = page.getByRole('region', { name: 'Sales section 1', exact: true });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Add row' }).click();
  await section.getByRole('button', { name: 'Add row' }).click();
  await section.getByLabel('Item (row 1)', { exact: true }).fill('TAP-15');
  await section.getByLabel('Description (row 1)', { exact: true }).fill('Stopcock 15 mm');
  await section.getByLabel('Quantity (row 1)', { exact: true }).fill('3');
  await section.getByLabel('Net unit cost (row 1)', { exact: true }).fill('5');
  await section.getByLabel('Net unit sales (row 1)', { exact: true }).fill('19.99');
  await section.getByLabel('Item (row 2)', { exact: true }).fill('LAB');
  await section.getByLabel('Description (row 2)', { exact: true }).fill('Labour');
  await section.getByLabel('Quantity (row 2)', { exact: true }).fill('2');
  await section.getByLabel('Net unit sales (row 2)', { exact: true }).fill('10.00');
  await section.getByRole('button', { name: 'Save section' }).click();
  await expect(section.getByLabel('Section totals: Net', { exact: true })).toHaveText('Net: £79.97');
  await expect(section.getByLabel('Section totals: Tax', { exact: true })).toHaveText('Tax: £15.99');
  await expect(section.getByLabel('Section totals: Gross', { exact: true })).toHaveText('Gross: £95.96');
  await expect(section.getByLabel('Section totals: Cost', { exact: true })).toHaveText('Cost: £15.00');
  await expect(page.getByLabel('Job totals: Net', { exact: true })).toHaveText('Net: £79.97');
  await expect(page.getByLabel('Job totals: Gross', { exact: true })).toHaveText('Gross: £95.96');
  await expect(page.getByLabel('Job totals: Net quote', { exact: true })).toHaveText('Net quote: £79.97');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Sales section 1', exact: true }).getByLabel('Quantity (row 1)', { exact: true })).toHaveValue(/^3(\.0+)?$/);
  await expect(page.getByLabel('Job totals: Net', { exact: true })).toHaveText('Net: £79.97');

  // Costs: a row for the engineer (2 × 45.50), then the engineer's costs locked.
  await openJobTab(page, 'Costs');
  await page.getByRole('button', { name: 'Add cost' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add cost' });
  await dialog.getByRole('combobox', { name: 'Supplier or engineer' }).click();
  await page.getByRole('option', { name: 'Engineer', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Engineer', exact: true }).click();
  await page.getByRole('option', { name: ENGINEER, exact: true }).click();
  await dialog.getByLabel('Item', { exact: true }).fill('Call-out');
  await dialog.getByLabel('Quantity', { exact: true }).fill('2');
  await dialog.getByLabel('Net price', { exact: true }).fill('45.50');
  await expect(dialog.getByLabel('Net total', { exact: true })).toHaveText('Net total: £91.00');
  await dialog.getByRole('button', { name: 'Save costs' }).click();
  await expect(dialog).toBeHidden();
  const costs = page.getByRole('table', { name: 'Costs' });
  await expect(costs.getByRole('row').filter({ hasText: 'Call-out' })).toContainText(ENGINEER);
  await expect(page.getByLabel('Totals: Net total', { exact: true })).toHaveText('Net total: £91.00');
  await expect(page.getByLabel('Totals: Net quote', { exact: true })).toHaveText('Net quote: £79.97');
  const lock = page.getByRole('switch', { name: `Lock costs of ${ENGINEER}` });
  // The switch follows the server's answer, so it turns on once the lock is stored.
  await lock.click();
  await expect(lock).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: `Lock costs of ${ENGINEER}` })).toBeChecked();

  // The engineer, in a browser of their own, finds the job and cannot change the locked costs.
  const engineerContext = await browser.newContext();
  try {
    const engineer = await engineerContext.newPage();
    await login(engineer, 'engineer');
    await engineer.goto(`${DEMO}/engineer-view`);
    await engineer.waitForLoadState('networkidle');
    await engineer.getByRole('textbox', { name: 'Job number' }).fill(job.number);
    await engineer.getByRole('button', { name: `Open job ${job.number}` }).click();
    await expect(engineer).toHaveURL(`${DEMO}/engineer-view/${job.id}`);
    const mine = engineer.getByRole('region', { name: 'My costs' });
    await expect(mine.getByText('Your costs are locked!')).toBeVisible();
    await expect(mine.getByLabel('Item (row 1)', { exact: true })).toHaveValue('Call-out');
    await expect(mine.getByLabel('Item (row 1)', { exact: true })).toBeDisabled();
    await expect(mine.getByLabel('Quantity (row 1)', { exact: true })).toBeDisabled();
    await expect(mine.getByRole('button', { name: 'Save my costs' })).toBeDisabled();
    await expect(mine.getByRole('button', { name: 'Submit and lock my costs' })).toBeDisabled();
  } finally {
    await engineerContext.close();
  }
});

test('the job sheet finds a job by free text and keeps its filter and sort across a reload', async ({ page }) => {
  const tag = uniqueTag('Sheet');
  await login(page, 'operator');
  const job = await createJob(page, { department: 'Electrical', description: `Flickering lights ${tag}` });

  await page.goto(`${DEMO}/sheet`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(tag);
  const table = page.getByRole('table', { name: 'Jobs' });
  await expect(page.getByTestId('sheet-total')).toHaveText('1 job');
  await expect(table.getByRole('row').filter({ hasText: job.number })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  // Sort by start, latest first: the header clicked twice.
  const startHeader = table.getByRole('columnheader', { name: 'Start', exact: true });
  await startHeader.getByRole('button', { name: 'Start' }).click();
  await expect(startHeader).toHaveAttribute('aria-sort', 'ascending');
  await startHeader.getByRole('button', { name: 'Start' }).click();
  await expect(startHeader).toHaveAttribute('aria-sort', 'descending');

  // The filter and the sort come back from client storage, and the first query asks with both.
  const restored = page.waitForRequest((r) => r.url().includes('/api/jobs/filter'));
  await page.reload();
  const firstQuery = await restored;
  expect(new URL(firstQuery.url()).searchParams.get('sort')).toBe('-job_start');
  expect(firstQuery.postDataJSON()).toMatchObject({ stext: tag });
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
  await expect(page.getByRole('table', { name: 'Jobs' }).getByRole('columnheader', { name: 'Start', exact: true })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('table', { name: 'Jobs' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('table', { name: 'Jobs' }).getByRole('row').filter({ hasText: job.number }).click();
  await expect(page).toHaveURL(`${DEMO}/sheet/${job.id}/details`);
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(`Flickering lights ${tag}`);

  // Clearing the filters is kept too.
  await page.goto(`${DEMO}/sheet`);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
});
