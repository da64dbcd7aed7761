import { expect, test, type Page } from '@playwright/test';
import { createJob, openJobTab, uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

const OPERATOR = 'Oliver Bennett';
const BADGE_CALL = 'notifications/getRoleRelatedNotifInfo';

/** The count of the badge's next answer from the server. */
async function nextBadgeCount(page: Page): Promise<number> {
  const res = await page.waitForResponse((r) => r.url().includes(BADGE_CALL) && r.ok());
  const body = (await res.json()) as { notifications: { data: { count: number } } };
  return body.notifications.data.count;
}

/**
 * A cost added by an admin on a job assigned to the operator raises COST_ADDED for the operator;
 * the operator's open page shows it in the app-bar badge without a reload (the live update stream,
 * or the badge's 60 s refresh while the stream is down: the operator's browser clock is moved
 * forward instead of waiting for it).
 */
test("a cost added by an admin shows in the operator's reminder badge without a reload, and on /reminders", async ({ page, browser }) => {
  const tag = uniqueTag('Rem');
  await login(page, 'admin');
  const job = await createJob(page, { department: 'Heating', description: `Boiler service ${tag}`, assigned: [OPERATOR] });

  const operatorContext = await browser.newContext();
  try {
    const operator = await operatorContext.newPage();
    // Fake timers that run at normal speed until the test moves them on.
    await operator.clock.install();
    // The badge asks as soon as the signed-in app shows; no page load follows, so its answer stays readable.
    const firstAnswer = nextBadgeCount(operator);
    await login(operator, 'operator', DEMO, '/sheet');
    await expect(operator).toHaveURL(`${DEMO}/sheet`);
    const before = await firstAnswer;
    await expect(operator.getByRole('button', { name: `Reminders: ${before} new` })).toBeVisible();

    // The admin adds a supplier's cost to the operator's job.
    await openJobTab(page, 'Costs');
    await page.getByRole('button', { name: 'Add cost' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add cost' });
    await dialog.getByRole('combobox', { name: 'Supplier', exact: true }).click();
    await page.getByRole('option', { name: 'Travis Perkins', exact: true }).click();
    await dialog.getByLabel('Item', { exact: true }).fill(`Flue kit ${tag}`);
    await dialog.getByLabel('Net price', { exact: true }).fill('120.00');
    await dialog.getByRole('button', { name: 'Save costs' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page
        .getByRole('table', { name: 'Costs' })
        .getByRole('row')
        .filter({ hasText: `Flue kit ${tag}` }),
    ).toBeVisible();

    // The operator's badge counts the new reminder with no reload: at once through the live update
    // stream, or at its next 60 s refresh where the stream is down (the clock is moved past it).
    await operator.clock.fastForward('01:01');
    const badge = operator.getByRole('button', { name: /^Reminders: \d+ new$/ });
    await expect.poll(async () => Number(/\d+/.exec((await badge.textContent()) ?? '')?.[0] ?? 0)).toBeGreaterThan(before);
    await expect(operator).toHaveURL(`${DEMO}/sheet`);

    // The badge opens /reminders, which lists the cost.
    await badge.click();
    await expect(operator).toHaveURL(`${DEMO}/reminders`);
    const row = operator.getByRole('table', { name: 'Reminders' }).getByRole('row').filter({ hasText: job.number }).first();
    await expect(row).toContainText('Cost added');
    await expect(row).toContainText('Alice Morgan');
  } finally {
    await operatorContext.close();
  }
});
