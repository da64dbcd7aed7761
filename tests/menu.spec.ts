import { expect, test, type Page } from '@playwright/test';
import { ACME, login, menu, type DemoRole } from './support/session';

/** What each role must and must not find in its menu (SPEC.md point 6), written out by hand. */
const EXPECTED: Record<DemoRole, { sees: string[]; not: string[] }> = {
  developer: { sees: ['Job sheet', 'Mails', 'Reminders', 'Brands', 'Settings', 'Error list', 'Data', 'Admin', 'Dev', 'Google'], not: ['Engineer view'] },
  admin: { sees: ['Job sheet', 'Mails', 'Reminders', 'Engineer reports', 'Data', 'Admin', 'Google'], not: ['Dev', 'Brands', 'Engineer view'] },
  operator: { sees: ['Job sheet', 'Dispatch board', 'Mails', 'Reminders', 'Engineer reports', 'Data', 'Google', 'Settings'], not: ['Admin', 'Dev', 'Brands'] },
  bemaccount: { sees: ['Job sheet', 'Reminders', 'Data'], not: ['Admin', 'Dev', 'Brands'] },
  procurement: { sees: ['Job sheet', 'Reminders', 'Data'], not: ['Admin', 'Dev', 'Brands'] },
  user: { sees: ['Job sheet', 'Mails', 'Data', 'Settings'], not: ['Reminders', 'Engineer reports', 'Admin', 'Dev', 'Brands'] },
  engineer: { sees: ['Engineer view', 'Settings', 'Error list'], not: ['Job sheet', 'Dispatch board', 'Mails', 'Data', 'Admin', 'Dev'] },
  sales: { sees: ['Brands', 'Settings', 'Error list'], not: ['Job sheet', 'Mails', 'Data', 'Admin', 'Dev'] },
  customer: {
    sees: ['My jobs', 'Request a job', 'My sites', 'Error list'],
    not: ['Job sheet', 'Settings', 'Mails', 'Data', 'Admin', 'Dev', 'Brands', 'Reminders'],
  },
};

async function menuEntry(page: Page, name: string) {
  const nav = menu(page);
  return nav
    .getByRole('link', { name, exact: true })
    .or(nav.getByText(name, { exact: true }))
    .first();
}

for (const [role, { sees, not }] of Object.entries(EXPECTED) as [DemoRole, (typeof EXPECTED)[DemoRole]][]) {
  test(`${role} menu shows what the role may open and nothing else`, async ({ page }) => {
    await login(page, role);
    for (const name of sees) await expect(await menuEntry(page, name), `${role} should see ${name}`).toBeVisible();
    for (const name of not) await expect(await menuEntry(page, name), `${role} should not see ${name}`).toHaveCount(0);
  });
}

test('a brand with mail, Google and Microsoft off hides those entries', async ({ page }) => {
  await login(page, 'operator', ACME);
  await expect(await menuEntry(page, 'Job sheet')).toBeVisible();
  for (const name of ['Mails', 'Google', 'Microsoft accounts', 'Xero connection', 'Contacts']) {
    await expect(await menuEntry(page, name), name).toHaveCount(0);
  }
});

test('the dark-mode switch changes the colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await login(page, 'operator');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  const toggle = page.getByRole('button', { name: /Dark mode/ });
  // auto → light → dark: at most two clicks reach dark.
  for (let i = 0; i < 3 && (await background()) === light; i++) await toggle.click();
  expect(await background()).not.toBe(light);
});
