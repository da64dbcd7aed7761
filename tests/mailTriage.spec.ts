/**
 * Triage (issue 30) on the seeded demo: two mails name a job only in their text, so the router
 * left them in triage with that job suggested. One is filed with one click; the other is selected
 * with a mail that has no suggestion and both are filed to the suggested job at once. The menu's
 * count follows each filing.
 */
import { expect, test } from '@playwright/test';
import { DEMO, login, menu } from './support/session';

test('files a suggested job with one click, then several mails at once, and the menu count follows', async ({ page }) => {
  await login(page, 'operator', DEMO, '/mail-triage');
  const count = menu(page).getByTestId('triage-count');
  // The badge shows 99+ past 99 (earlier specs' mails wait in triage too); its spoken text has the number.
  await expect(count).toContainText(/\d+ mails waiting to be filed/);
  const spoken = (await count.locator('span:not([aria-hidden])').textContent()) ?? '';
  const waiting = Number(/^(\d+) mails waiting to be filed/.exec(spoken)?.[1]);
  expect(waiting).toBeGreaterThan(3);

  const main = page.getByRole('main');
  const cards = main.getByRole('listitem');
  const subjectOf = async (card: ReturnType<typeof cards.first>) => (await card.getByRole('link').textContent()) ?? '';
  const card = (subject: string) => cards.filter({ has: page.getByRole('link', { name: subject, exact: true }) });
  const suggested = cards.filter({ has: page.getByRole('button', { name: /^File to / }) });
  await expect(suggested).toHaveCount(2);
  const [first, second] = [await subjectOf(suggested.nth(0)), await subjectOf(suggested.nth(1))];
  const button = card(first).getByRole('button', { name: /^File to / });
  const job = ((await button.textContent()) ?? '').replace('File to ', '');
  await button.click();
  await expect(page.getByText(`Filed to ${job}.`)).toBeVisible();
  await expect(card(first)).toHaveCount(0);
  await expect(count).toContainText(`${waiting - 1} mails waiting to be filed`);

  // The other mail naming the job, with one that has no suggestion: filed together.
  await card(second).getByRole('checkbox').check();
  const plain = await subjectOf(cards.filter({ hasText: 'No suggestion: open the mail to file it by hand.' }).first());
  await card(plain).getByRole('checkbox').check();
  const bar = page.getByRole('region', { name: 'Selected mails' });
  await expect(bar.getByText('2 mails selected')).toBeVisible();
  await bar.getByRole('button', { name: `File 2 mails to ${job}` }).click();
  await expect(page.getByText(`2 mails filed to ${job}.`)).toBeVisible();
  await expect(card(second)).toHaveCount(0);
  await expect(card(plain)).toHaveCount(0);
  await expect(count).toContainText(`${waiting - 3} mails waiting to be filed`);
});
