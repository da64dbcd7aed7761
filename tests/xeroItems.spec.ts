import { expect, test } from '@playwright/test';
import { createJob, openJobTab, uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

/**
 * The brand's accounting items feed the sales rows: an operator types into a row's item box, picks
 * one of the demo brand's items (seeded, no connection needed), and the row takes its code,
 * description and sales price; saved and read back after a reload.
 */
test('an operator picks an accounting item for a sales row and the row takes its code, description and price', async ({ page }) => {
  await login(page, 'operator');
  const job = await createJob(page, { department: 'Plumbing', client: 'Harbour Lettings', description: `Xero items ${uniqueTag('Items')}` });
  await openJobTab(page, 'Sales');
  await expect(page).toHaveURL(`${DEMO}/sheet/${job.id}/sales`);
  await page.getByRole('button', { name: 'Add sales section' }).click();
  const section = page.getByRole('region', { name: 'Sales section 1', exact: true });
  await section.getByRole('button', { name: 'Add row' }).click();

  const item = section.getByRole('combobox', { name: 'Item (row 1)', exact: true });
  await item.fill('mixer');
  await page.getByRole('option', { name: 'TAP-MIX – Mixer tap', exact: true }).click();
  await expect(item).toHaveValue('TAP-MIX');
  await expect(section.getByLabel('Description (row 1)', { exact: true })).toHaveValue('Chrome basin mixer tap, supplied and fitted.');
  // The row had no price yet: it takes the item's sales price.
  await expect(section.getByLabel('Net unit sales (row 1)', { exact: true })).toHaveValue('89.50');
  await section.getByLabel('Quantity (row 1)', { exact: true }).fill('2');
  await section.getByRole('button', { name: 'Save section' }).click();
  await expect(section.getByLabel('Section totals: Net', { exact: true })).toHaveText('Net: £179.00');

  await page.reload();
  const saved = page.getByRole('region', { name: 'Sales section 1', exact: true });
  await expect(saved.getByRole('combobox', { name: 'Item (row 1)', exact: true })).toHaveValue('TAP-MIX');
  await expect(saved.getByLabel('Description (row 1)', { exact: true })).toHaveValue('Chrome basin mixer tap, supplied and fitted.');
});
