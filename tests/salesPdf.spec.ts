import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createJob, openJobTab, uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

/**
 * The accounting issue's sales PDF end to end: an operator opens a job's Sales tab, downloads a
 * section as a quote (the file's name and its %PDF bytes), then attaches it to a new mail draft in
 * one click and sees it listed there; the menu is used on a 390 px wide screen.
 */
test('an operator downloads a sales section as a quote PDF and attaches it to a new mail', async ({ page }) => {
  const tag = uniqueTag('Pdf');
  await login(page, 'operator');
  const job = await createJob(page, { department: 'Plumbing', client: 'Harbour Lettings', site: true, description: `Quote for taps ${tag}` });

  await openJobTab(page, 'Sales');
  await page.getByRole('button', { name: 'Add sales section' }).click();
  const section = page.getByRole('region', { name: 'Sales section 1', exact: true });
  await section.getByRole('button', { name: 'Add row' }).click();
  await section.getByLabel('Description (row 1)', { exact: true }).fill('Mixer tap');
  await section.getByLabel('Quantity (row 1)', { exact: true }).fill('3');
  await section.getByLabel('Net unit sales (row 1)', { exact: true }).fill('19.99');
  await section.getByRole('button', { name: 'Save section' }).click();
  await expect(section.getByLabel('Section totals: Gross', { exact: true })).toHaveText('Gross: £71.96');

  await page.setViewportSize({ width: 390, height: 844 });
  const name = new RegExp(`^Quote-${job.number}-\\d+\\.pdf$`);
  await section.getByRole('button', { name: 'PDF of sales section 1' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download as quote' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(name);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');

  await section.getByRole('button', { name: 'PDF of sales section 1' }).click();
  await page.getByRole('menuitem', { name: 'Attach to a new mail' }).click();
  await expect(page).toHaveURL(new RegExp(`^${DEMO}/email/draft/\\d+$`));
  await expect(page.getByLabel(download.suggestedFilename(), { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(new RegExp(`^Quote ${job.number}-\\d+$`));
});
