import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ACME, login } from './support/session';
import { pickOption, uniqueTag } from './support/jobs';

/** Acme Repairs has accounting off, so no Contacts page: the job form is where its office adds a client. */
async function newJobOnAcme(page: Page) {
  await login(page, 'operator', ACME);
  await page.goto(`${ACME}/sheet`);
  await page.getByRole('button', { name: 'New job' }).click();
  await expect(page).toHaveURL(/\/sheet\/new\/details$/);
  // The pick lists arrive after the form; type into a settled page.
  await page.waitForLoadState('networkidle');
}

/** Types a name nobody has into the client picker and chooses "New client…" with the keyboard. */
async function offerNewClient(page: Page, name: string) {
  const client = page.getByRole('combobox', { name: 'Client', exact: true });
  // The keys go in once the search for the typed name has answered (a later answer would move the highlight).
  const searched = page.waitForResponse((r) => r.url().includes('/api/jobclients/filter') && r.request().postDataJSON()?.stext === name);
  await client.fill(name);
  await searched;
  await expect(page.getByRole('option')).toHaveText(['New client…']);
  await client.press('ArrowDown');
  await client.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New client' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('on Acme (no Contacts page) a job gets a client created from the job form, by keyboard', async ({ page }) => {
  const name = uniqueTag('Harbour Lettings ');
  await newJobOnAcme(page);
  await expect(page.getByRole('link', { name: 'Contacts', exact: true })).toHaveCount(0);
  await pickOption(page, 'Department');

  const dialog = await offerNewClient(page, name);
  const nameBox = dialog.getByRole('textbox', { name: 'Name' });
  // What was typed in the picker is the likely name, and the cursor starts there.
  await expect(nameBox).toHaveValue(name);
  await expect(nameBox).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Harbour Ltd');
  const email = dialog.getByRole('textbox', { name: 'Email' });
  await email.fill('office-at-harbour');
  await email.press('Enter');
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await email.fill('office@harbour.test');
  await email.press('Enter');

  await expect(dialog).toBeHidden();
  const client = page.getByRole('combobox', { name: 'Client', exact: true });
  await expect(client).toHaveValue(name);
  await page.getByRole('textbox', { name: 'Description' }).fill('Boiler service for a new client');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/sheet\/\d+\/details$/);

  // Saved with the job: after a reload the job still names its new client, and the picker finds it.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(name);
  const found = await page.request.post(`${ACME}/api/jobclients/filter`, { data: { stext: name } });
  expect((await found.json()).jobclients.data).toEqual([
    expect.objectContaining({ co_name: name, co_company: 'Harbour Ltd', co_email: 'office@harbour.test' }),
  ]);
});

test('at 390 px the New client dialog fits the screen, passes axe, and Escape leaves without a client', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = uniqueTag('Quay Flats ');
  await newJobOnAcme(page);
  const dialog = await offerNewClient(page, name);
  const box = await dialog.getByRole('button', { name: 'Create client' }).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Usable by screen reader: axe finds no critical or serious violation in the open dialog.
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue('');
  const found = await page.request.post(`${ACME}/api/jobclients/filter`, { data: { stext: name } });
  expect((await found.json()).jobclients.data).toEqual([]);
});
