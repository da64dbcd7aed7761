import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

/** A phone: everything the customer does here is done at 390 × 844. */
test.use({ viewport: { width: 390, height: 844 } });

/** A 1 × 1 PNG: a real image, as a phone's camera would send one. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function fitsTheScreen(page: Page) {
  // Nothing may be wider than the screen: no sideways scrolling on a phone.
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(widths.screen);
}

interface PortalJob {
  job_id: number;
  job_number: string | null;
  quote: { awaiting: boolean };
}

/** The customer's jobs with their details, read the way the portal reads them. */
async function portalJobs(request: APIRequestContext): Promise<PortalJob[]> {
  const list = await request.post(`${DEMO}/api/customerportal/filter?limit=100`, { data: {} });
  expect(list.ok()).toBe(true);
  const rows = ((await list.json()) as { customerportal: { data: { job_id: number }[] } }).customerportal.data;
  return Promise.all(
    rows.map(
      async (r) =>
        ((await (await request.get(`${DEMO}/api/customerportal/${r.job_id}/details`)).json()) as { customerportal: { data: PortalJob } }).customerportal.data,
    ),
  );
}

test('a customer on a phone requests a job with a photo, uploads a work order, approves a quote; the operator sees it all in /reminders', async ({
  page,
  browser,
}) => {
  const tag = uniqueTag('Portal');
  await login(page, 'customer');
  await expect(page).toHaveURL(`${DEMO}/portal`);
  await expect(page.getByRole('heading', { name: 'My jobs' })).toBeVisible();
  await expect(page.getByText(/\d+ jobs?/)).toBeVisible();
  await fitsTheScreen(page);

  // A staff page is not the customer's: the deep link says so, with the role as the reason.
  await page.goto(`${DEMO}/sheet`);
  await expect(page).toHaveURL(/\/not-allowed\?.*blocked=role/);

  // Request a job on one of their sites, with a photo.
  await page.goto(`${DEMO}/portal/request`);
  await page.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel('What needs doing?').fill(`Leaking gutter ${tag}`);
  await page.getByLabel('Photo (optional)').setInputFiles({ name: `gutter-${tag}.png`, mimeType: 'image/png', buffer: PHOTO });
  await fitsTheScreen(page);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/portal\/jobs\/\d+$/);
  const newJobHeading = page.getByRole('heading', { name: /^Job / }).first();
  await expect(newJobHeading).toBeVisible();
  const newJobNumber = ((await newJobHeading.textContent()) ?? '').replace(/^Job /, '').trim();
  expect(newJobNumber).not.toBe('');
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('link', { name: new RegExp(`gutter-${tag}`) })).toBeVisible();
  await fitsTheScreen(page);

  const jobs = await portalJobs(page.request);
  const quoted = jobs.find((j) => j.quote.awaiting);
  expect(quoted, 'the demo customer has a quote waiting').toBeTruthy();

  // A work order on an existing job: the one with the inspection report the office shared.
  const withReport = jobs.find((j) => j.job_number !== newJobNumber && j.job_id !== quoted!.job_id && !j.quote.awaiting)!;
  await page.goto(`${DEMO}/portal`);
  await page.getByRole('link', { name: new RegExp(`^${withReport.job_number} `) }).click();
  await expect(page).toHaveURL(`${DEMO}/portal/jobs/${withReport.job_id}`);
  const docs = page.getByRole('region', { name: 'Documents' });
  // Taken with the phone's camera: the work order's own chooser asks for the rear camera.
  const workOrder = docs.getByRole('region', { name: 'Upload a work order' });
  const camera = workOrder.getByLabel('Take a photo');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await camera.setInputFiles({ name: `order-${tag}.png`, mimeType: 'image/png', buffer: PHOTO });
  await workOrder.getByRole('button', { name: 'Upload' }).click();
  await expect(docs.getByRole('region', { name: 'Work orders' }).getByRole('link', { name: new RegExp(`order-${tag}`) })).toBeVisible();
  await fitsTheScreen(page);

  // The quote: approved with a typed name as signature.
  await page.goto(`${DEMO}/portal/jobs/${quoted!.job_id}`);
  const quote = page.getByRole('region', { name: 'Quote' });
  await expect(quote.getByText('This quote is waiting for your decision.')).toBeVisible();
  await quote.getByLabel('Your full name (as your signature)').fill('Pat Customer');
  await quote.getByRole('button', { name: 'Approve quote' }).click();
  await expect(quote.getByText(/Approved by Pat Customer on/)).toBeVisible();
  await fitsTheScreen(page);

  // A message to the office, listed afterwards with the ones sent before.
  const message = page.getByRole('region', { name: 'Message the office' });
  await message.getByLabel('Your message').fill(`Please ring first ${tag}`);
  await message.getByRole('button', { name: 'Send' }).click();
  await expect(message.getByText('Your message was sent to the office.')).toBeVisible();
  await expect(message.getByRole('list', { name: 'Your messages' }).getByText(`Please ring first ${tag}`)).toBeVisible();
  await fitsTheScreen(page);

  // A new site for one of their clients.
  await page.goto(`${DEMO}/portal/sites`);
  await expect(page.getByRole('heading', { name: 'My sites' })).toBeVisible();
  const newSite = page.getByRole('region', { name: 'Add a site' });
  await newSite.getByLabel('Address').fill(`${tag} Mill Lane`);
  await newSite.getByLabel('Postcode').fill('BS1 4DJ');
  await newSite.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option').first().click();
  await newSite.getByRole('button', { name: 'Add a site' }).click();
  await expect(page.getByRole('heading', { name: `${tag} Mill Lane` })).toBeVisible();
  await fitsTheScreen(page);

  // The operator (the customer's default operator) sees the three kinds of customer notification.
  const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const operator = await office.newPage();
    await login(operator, 'operator', DEMO, '/reminders');
    await expect(operator).toHaveURL(`${DEMO}/reminders`);
    const reminders = operator.getByRole('table', { name: 'Reminders' });
    const quotedNumber = jobs.find((j) => j.job_id === quoted!.job_id)!.job_number!;
    await expect(reminders.getByRole('row').filter({ hasText: newJobNumber }).filter({ hasText: 'Customer new job' }).first()).toBeVisible();
    await expect(reminders.getByRole('row').filter({ hasText: withReport.job_number! }).filter({ hasText: 'Customer new file' }).first()).toBeVisible();
    await expect(reminders.getByRole('row').filter({ hasText: quotedNumber }).filter({ hasText: 'Customer job update' }).first()).toBeVisible();
    // The new job is on the office's sheet.
    await operator.goto(`${DEMO}/sheet`);
    await operator.waitForLoadState('networkidle');
    await operator.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await expect(operator.getByTestId('sheet-total')).toHaveText('1 job');
    await expect(operator.getByRole('table', { name: 'Jobs' }).getByRole('row').filter({ hasText: newJobNumber })).toBeVisible();
  } finally {
    await office.close();
  }
});
