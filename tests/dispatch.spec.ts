import { expect, test, type Locator, type Page } from '@playwright/test';
import { createJob, openJobTab, uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

const headers = { origin: DEMO };

/** A job with a site, approved and so waiting on the board. */
async function waitingJob(page: Page, description: string) {
  const job = await createJob(page, { department: 'Plumbing', description, site: true });
  const res = await page.request.patch(`${DEMO}/api/jobs/${job.id}`, { headers, data: { job_status: 'APPROVED' } });
  expect(res.ok(), await res.text()).toBe(true);
  return job;
}

async function openBoard(page: Page, search: string) {
  await page.goto(`${DEMO}/dispatch`);
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(search);
}

/** dnd-kit starts a drag after the pointer has moved 5 px, so the mouse moves in steps. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + 10, a.y + 8);
  await page.mouse.down();
  await page.mouse.move(a.x + 20, a.y + 20, { steps: 5 });
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('an operator drags a waiting job onto an engineer and an hour; it stays after a reload and shows on the Schedule tab', async ({ page }) => {
  const tag = uniqueTag('Dispatch');
  await login(page, 'operator');
  const job = await waitingJob(page, `Drag ${tag}`);
  await openBoard(page, tag);
  const card = page.getByTestId(`job-${job.id}-list`);
  await expect(card).toBeVisible();

  // The first lane's Wednesday at 10:00.
  const target = page.locator('[data-testid^="cell-"][data-testid$="-10"]').nth(2);
  const cellId = (await target.getAttribute('data-testid'))!;
  const [, usId, day] = /^cell-(\d+)-(\d{4}-\d{2}-\d{2})-10$/.exec(cellId)!;
  await drag(page, card, target);
  await expect(page.getByText(`Job ${job.number} scheduled for`)).toBeVisible();
  await expect(page.getByTestId(cellId).getByTestId(`job-${job.id}-${usId}`)).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId(cellId).getByTestId(`job-${job.id}-${usId}`)).toContainText('10:00–12:00');

  await page.goto(`${DEMO}/sheet/${job.id}/details`);
  await openJobTab(page, 'Schedule');
  // The Schedule tab's picker shows the demo users' date format (DD/MM/YYYY).
  const [year, month, date] = day.split('-');
  await expect(page.getByRole('textbox', { name: 'Start', exact: true })).toHaveValue(`${date}/${month}/${year} 10:00`);
  await expect(page.locator('.fc-event', { hasText: job.number })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an operator schedules a job from the keyboard and moves it to another engineer', async ({ page }) => {
    const tag = uniqueTag('DispKey');
    await login(page, 'operator');
    const job = await waitingJob(page, `Keys ${tag}`);
    await openBoard(page, tag);
    const schedule = page.getByRole('button', { name: `Schedule job ${job.number}` });
    await schedule.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Schedule job ${job.number}` });
    const engineer = dialog.getByLabel('Engineer');
    const options = await engineer.locator('option').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent })));
    await engineer.selectOption(options[1].value);
    const day = await dialog.getByLabel('Day').inputValue();
    await dialog.getByLabel('Start').fill('13:00');
    await dialog.getByLabel('End').fill('15:30');
    await dialog.getByLabel('End').press('Enter');
    await expect(dialog).toHaveCount(0);

    // One lane and one day at this width: show the chosen engineer's lane on that day.
    await page.getByLabel('Engineer', { exact: true }).selectOption(options[1].value);
    await page.getByLabel('Day', { exact: true }).selectOption(day);
    const visit = page.getByTestId(`cell-${options[1].value}-${day}-13`).getByTestId(`job-${job.id}-${options[1].value}`);
    await expect(visit).toContainText('13:00–15:30');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.reload();
    await page.getByLabel('Engineer', { exact: true }).selectOption(options[1].value);
    await page.getByLabel('Day', { exact: true }).selectOption(day);
    await visit.getByRole('button', { name: `Schedule job ${job.number}` }).press('Enter');
    await dialog.getByLabel('Engineer').selectOption(options[0].value);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).press('Enter');
    await expect(dialog).toHaveCount(0);
    await page.getByLabel('Engineer', { exact: true }).selectOption(options[0].value);
    await expect(page.getByTestId(`cell-${options[0].value}-${day}-13`).getByTestId(`job-${job.id}-${options[0].value}`)).toBeVisible();
    await page.getByLabel('Engineer', { exact: true }).selectOption(options[1].value);
    await expect(page.getByTestId(`job-${job.id}-${options[1].value}`)).toHaveCount(0);
  });
});
