import { expect, test, type Page } from '@playwright/test';
import { createJob, openJobTab, uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

/**
 * Issue 27, one policy for dates, time zones and money. The browser runs in London while the
 * user's settings say New York, en-GB and DD/MM/YYYY: dates are typed and shown the user's way,
 * a date-only value keeps its day, times follow the user's zone, and money reads as money.
 */
test.use({ timezoneId: 'Europe/London' });

/** Signs in as a new Admin of this test, with New York time and the en-GB date format. */
async function newYorkUser(page: Page): Promise<void> {
  await login(page, 'admin');
  const email = `${uniqueTag('tz').toLowerCase()}@demo.test`;
  const made = await page.request.post(`${DEMO}/api/users/addUser`, {
    headers: { origin: DEMO },
    data: { email, role: 'Admin', firstname: 'Nora', surname: 'York', password: 'first-pass-1' },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto(`${DEMO}/api/auth/logout`);
  await page.goto(`${DEMO}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('first-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const set = await page.request.patch(`${DEMO}/api/usersettings/preferences`, {
    headers: { origin: DEMO },
    data: { timezone: 'America/New_York', language: 'en-GB', dateFormat: 'DD/MM/YYYY HH:mm:ss' },
  });
  expect(set.ok(), await set.text()).toBe(true);
}

/** Types into a date picker's field from its first part, as a keyboard user would. */
async function typeDate(page: Page, field: ReturnType<Page['getByRole']>, digits: string) {
  await expect(field).toBeEnabled();
  await field.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(digits);
}

test('a due date typed as DD/MM/YYYY is saved as that day, and the sheet shows the job’s money as money', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('Due');
  await newYorkUser(page);
  const job = await createJob(page, { department: 'Plumbing', client: 'Harbour Lettings', site: true, description: `Due date ${tag}` });

  await openJobTab(page, 'Sales');
  await page.getByRole('button', { name: 'Add sales section' }).click();
  const section = page.getByRole('region', { name: 'Sales section 1', exact: true });
  await section.getByRole('button', { name: 'Add row' }).click();
  await section.getByLabel('Description (row 1)', { exact: true }).fill('Boiler');
  await section.getByLabel('Quantity (row 1)', { exact: true }).fill('1');
  await section.getByLabel('Net unit sales (row 1)', { exact: true }).fill('1024.15');
  const due = section.getByRole('textbox', { name: 'Due date', exact: true });
  await typeDate(page, due, '05032027');
  await expect(due).toHaveValue('05/03/2027');
  const saved = page.waitForResponse((r) => r.url().includes(`/api/jobs/${job.id}/sales`) && r.request().method() !== 'GET');
  await section.getByRole('button', { name: 'Save section' }).click();
  // The day goes out as noon UTC (SPEC point 9), so no time zone moves it.
  expect(await (await saved).text()).toContain('"jss_due_date":"2027-03-05 12:00:00"');
  await page.reload();
  await openJobTab(page, 'Sales');
  await expect(page.getByRole('region', { name: 'Sales section 1', exact: true }).getByRole('textbox', { name: 'Due date', exact: true })).toHaveValue(
    '05/03/2027',
  );

  await page.goto(`${DEMO}/sheet`);
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  const row = page.getByTestId(`job-row-${job.id}`);
  await expect(row.getByRole('cell', { name: '£1,024.15', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '£0.00', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '1024.15', exact: true })).toHaveCount(0);
});

test('a job time is shown and typed in the user’s New York time zone, the calendar included', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('Tz');
  await newYorkUser(page);
  const job = await createJob(page, { department: 'Plumbing', client: 'Harbour Lettings', site: true, description: `Zone ${tag}` });

  await openJobTab(page, 'Schedule');
  const start = page.getByRole('textbox', { name: 'Start', exact: true });
  await typeDate(page, start, '311220260900');
  await expect(start).toHaveValue('31/12/2026 09:00');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/jobs/${job.id}`) && r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).ok()).toBe(true);
  // 09:00 in New York is 14:00 UTC, whatever zone the browser is in.
  const stored = await (await page.request.get(`${DEMO}/api/jobs/${job.id}`)).text();
  expect(stored).toContain('"job_start":"2026-12-31 14:00:00"');

  await page.reload();
  await openJobTab(page, 'Schedule');
  await expect(page.getByRole('textbox', { name: 'Start', exact: true })).toHaveValue('31/12/2026 09:00');
  const event = page.locator('.fc-event').filter({ hasText: job.number });
  await expect(event).toBeVisible();
  // en-GB's calendar writes the hour without a leading zero; the browser's own London zone would read 14:00.
  await expect(event.locator('.fc-event-time')).toHaveText(/^0?9:00\b/);

  await page.goto(`${DEMO}/sheet`);
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(page.getByTestId(`job-row-${job.id}`).getByText('31/12/2026 09:00:00', { exact: true })).toBeVisible();
});

test('returning to the sheet shows its rows at once from the cache, with no loading state', async ({ page }) => {
  await login(page, 'operator');
  await page.goto(`${DEMO}/sheet`);
  const firstRow = page.locator('[data-testid^="job-row-"]').first();
  await expect(firstRow).toBeVisible();
  const firstId = await firstRow.getAttribute('data-testid');
  await firstRow.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/sheet\/\d+/);
  await expect(page.getByTestId('job-heading')).toBeVisible();

  // Hold the refresh back: what shows meanwhile can only come from the cache.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/jobs/filter**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goBack();
  await expect(page.getByTestId(firstId!)).toBeVisible();
  await expect(page.getByTestId('sheet-total')).not.toHaveText('Loading…');
  await expect(page.getByRole('progressbar', { name: 'Loading…' })).toHaveCount(0);
  release();
});
