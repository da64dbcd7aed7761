import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createJob, openJobTab, uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

/**
 * Issue 28, the engineer on a phone (390×844): every engineer page fits the screen, the office's
 * cost row shows its text and amount, photos are uploaded from a job and the office sees them, and a
 * retry after a lost answer stores nothing twice.
 */
const PHONE = { width: 390, height: 844 };

const photo = async (name: string, color: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
});

/** The office makes a job for the demo engineer with one cost row of its own (Labour, 2 × £35). */
async function officeJob(page: Page, tag: string) {
  await login(page, 'operator');
  const job = await createJob(page, { department: 'Plumbing', description: `Phone job ${tag}`, site: true });
  const engineers = (await (await page.request.get(`${DEMO}/api/users/engineers`)).json()).users.data as { us_id: number; email: string }[];
  const engineer = engineers.find((u) => u.email === 'engineer@demo.test')!.us_id;
  const headers = { origin: DEMO };
  const assigned = await page.request.post(`${DEMO}/api/jobs/${job.id}/assignengineer`, { headers, data: { _bulk: [{ us_id: engineer, is_lead: true }] } });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  const cost = await page.request.post(`${DEMO}/api/jobs/${job.id}/costs`, {
    headers,
    data: { _bulk: [{ us_id: engineer, jc_item: 'Labour', jc_desc_operator: 'Labour on site', jc_qty_operator: 2, jc_net_price_operator: '35.00' }] },
  });
  expect(cost.ok(), await cost.text()).toBe(true);
  return job;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function engineerOnPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await login(page, 'engineer');
  return { context, page };
}

async function openOnPhone(page: Page, job: { id: number; number: string }) {
  await page.goto(`${DEMO}/engineer-view`);
  await page.waitForLoadState('networkidle');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await page.getByRole('textbox', { name: 'Job number' }).fill(job.number);
  await page.getByRole('button', { name: `Open job ${job.number}` }).click();
  await expect(page).toHaveURL(`${DEMO}/engineer-view/${job.id}`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'My costs' })).toBeVisible();
}

const documentsTable = (page: Page) => page.getByRole('table', { name: 'Documents' });

test('at 390 px the engineer sees the office’s cost row, uploads two photos from a job, and the office sees them', async ({ page, browser }) => {
  const tag = uniqueTag('Ph');
  const job = await officeJob(page, tag);

  const { context, page: phone } = await engineerOnPhone(browser);
  try {
    await openOnPhone(phone, job);
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);

    const costs = phone.getByRole('region', { name: 'My costs' });
    await expect(costs.getByText('Entered by the office')).toBeVisible();
    await expect(costs.getByLabel('Item (row 1)', { exact: true })).toHaveValue('Labour');
    await expect(costs.getByLabel("Engineer's description (row 1)", { exact: true })).toHaveValue('Labour on site');
    await expect(costs.getByLabel('Quantity (row 1)', { exact: true })).toHaveValue(/^2(\.0+)?$/);
    await expect(costs.getByLabel('Net price (row 1)', { exact: true })).toHaveValue('35.00');
    await expect(costs.getByLabel('Item (row 1)', { exact: true })).toBeDisabled();
    await expect(costs.getByText('Net total: £70.00')).toBeVisible();
    await expect(costs.getByLabel('Total')).toHaveText('Total: £70.00');

    const camera = phone.getByLabel('Take photos', { exact: true });
    await expect(camera).toHaveAttribute('capture', 'environment');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await camera.setInputFiles([await photo(`${tag}-boiler.jpg`, '#3366aa'), await photo(`${tag}-meter.jpg`, '#aa6633')]);
    const uploads = phone.getByRole('region', { name: 'Uploads' });
    await expect(uploads.getByRole('status').filter({ hasText: 'Uploaded' })).toHaveCount(2);
    const listed = phone.getByRole('region', { name: 'Documents and photos of the job' });
    await expect(listed.getByText(`${tag}-boiler.jpg`)).toBeVisible();
    await expect(listed.getByText(`${tag}-meter.jpg`)).toBeVisible();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    // The engineer's other pages fit too.
    for (const path of ['/settings', '/error-list']) {
      await phone.goto(`${DEMO}${path}`);
      await phone.waitForLoadState('networkidle');
      expect(await pageWidth(phone), path).toBeLessThanOrEqual(PHONE.width);
    }
  } finally {
    await context.close();
  }

  await page.goto(`${DEMO}/sheet/${job.id}/details`);
  await openJobTab(page, 'Documents');
  await expect(documentsTable(page).getByRole('row').filter({ hasText: tag })).toHaveCount(2);
});

test('a photo whose answer was lost is retried and stored once', async ({ page, browser }) => {
  const tag = uniqueTag('Rt');
  const job = await officeJob(page, tag);
  const { context, page: phone } = await engineerOnPhone(browser);
  try {
    await openOnPhone(phone, job);
    // The first upload reaches the server, but its answer never reaches the phone (the signal drops).
    const stored: number[] = [];
    await phone.route(`**/api/engineerportal/${job.id}/files`, async (route) => {
      if (stored.length > 0) return route.continue();
      stored.push((await route.fetch()).status());
      await route.abort('connectionfailed');
    });
    await phone.getByLabel('Take photos', { exact: true }).setInputFiles([await photo(`${tag}-valve.jpg`, '#22aa44')]);
    const uploads = phone.getByRole('region', { name: 'Uploads' });
    await expect(uploads.getByRole('status')).toHaveText(/Not uploaded/);
    // The server did store it: only the answer was lost.
    expect(stored).toEqual([201]);
    await uploads.getByRole('button', { name: `Retry ${tag}-valve.jpg` }).click();
    await expect(uploads.getByRole('status')).toHaveText('Uploaded');
    await expect(phone.getByRole('region', { name: 'Documents and photos of the job' }).getByText(`${tag}-valve.jpg`)).toHaveCount(1);
  } finally {
    await context.close();
  }
  await page.goto(`${DEMO}/sheet/${job.id}/details`);
  await openJobTab(page, 'Documents');
  await expect(documentsTable(page).getByRole('row').filter({ hasText: tag })).toHaveCount(1);
});
