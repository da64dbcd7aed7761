import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { providerControl } from '../providers/control';
import { createJob, openJobTab, uniqueTag } from './support/jobs';
import { DEMO, login, type DemoRole } from './support/session';

/**
 * Sales sections sent to Xero end to end, against `npm start`'s sandbox: an admin connects the demo
 * brand through the sandbox's consent page; an operator sends a section as an invoice, sees its
 * Xero number and the section final, and downloads its PDF; a failure forced through the
 * sandbox's control API shows on /xero/sync-status, where "retry now" sends it. The brand is
 * disconnected at the end, as the other specs expect.
 */
test.describe.configure({ mode: 'serial' });

/** The sandbox's address: the origin of the authorize page the brand's connect leaves for. */
async function sandboxOrigin(page: Page): Promise<string> {
  const res = await page.request.get(`${DEMO}/api/xeroauth/loginUrl`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { xeroauth: { data: { url: string } } };
  return new URL(body.xeroauth.data.url).origin;
}

async function addSection(page: Page, n: number, description: string, unit: string) {
  await page.getByRole('button', { name: 'Add sales section' }).click();
  const section = page.getByRole('region', { name: `Sales section ${n}`, exact: true });
  await section.getByRole('button', { name: 'Add row' }).click();
  await section.getByLabel('Description (row 1)', { exact: true }).fill(description);
  await section.getByLabel('Net unit sales (row 1)', { exact: true }).fill(unit);
  await section.getByRole('button', { name: 'Save section' }).click();
  await expect(section.getByLabel('Section totals: Net', { exact: true })).toHaveText(`Net: £${unit}`);
  return section;
}

async function sendAsInvoice(page: Page, n: number) {
  const answered = page.waitForResponse((r) => /\/api\/jobs\/\d+\/generatexeroinvoice$/.test(r.url()));
  await page.getByRole('button', { name: `Send sales section ${n} to Xero` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'As an invoice' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'As an invoice' }).focus();
  await page.keyboard.press('Enter');
  const res = await answered;
  return { status: res.status(), jssId: (JSON.parse(res.request().postData() ?? '{}') as { jss_id: number }).jss_id };
}

let control: ReturnType<typeof providerControl> | null = null;
let jobUrl = '';
let jobId = 0;

/** A page of its own browser context signed in as `role` (each role keeps its own session). */
async function pageAs(browser: Browser, role: DemoRole): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, role);
  return page;
}

test.afterAll(async ({ browser }) => {
  await control?.xero.clearFaults();
  const page = await pageAs(browser, 'admin');
  await page.request.get(`${DEMO}/api/xeroauth/logout`);
  const status = await page.request.get(`${DEMO}/api/xeroauth/checkstatus`);
  expect(((await status.json()) as { xeroauth: { data: { connected: boolean } } }).xeroauth.data.connected).toBe(false);
  await page.context().close();
});

test('an operator sends a sales section to Xero as an invoice, sees its number and the section final, and downloads its PDF', async ({ browser, page }) => {
  const admin = await pageAs(browser, 'admin');
  control = providerControl(await sandboxOrigin(admin));
  await admin.goto(`${DEMO}/xero`);
  const card = admin.getByRole('region', { name: 'Xero connection' });
  await card.getByRole('button', { name: 'Connect to Xero' }).click();
  await admin.waitForURL(`${DEMO}/xero`);
  await expect(card.getByText('Connected to Demo Company (UK)')).toBeVisible();
  await admin.context().close();

  await login(page, 'operator');
  const job = await createJob(page, { department: 'Plumbing', client: 'Harbour Lettings', site: true, description: `Xero invoice ${uniqueTag('Xero')}` });
  jobUrl = page.url();
  jobId = job.id;
  await openJobTab(page, 'Sales');
  const section = await addSection(page, 1, 'Replace radiator valve', '85.00');

  const sent = await sendAsInvoice(page, 1);
  expect(sent.status).toBe(200);
  const link = section.getByRole('link', { name: /^Open INV-\d{4} in Xero \(new tab\)$/ });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', /\/xero\/online\/invoice\//);
  await expect(section.getByText('Final', { exact: true })).toBeVisible();
  await expect(section.getByText('Section is final, update is not allowed.')).toBeVisible();
  await expect(section.getByLabel('Title')).toBeDisabled();
  await expect(section.getByRole('button', { name: 'Save section' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Send sales section 1 to Xero' })).toHaveCount(0);

  await section.getByRole('button', { name: 'PDF of sales section 1' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download as invoice' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Invoice-${job.number}-\\d+\\.pdf$`));
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
});

test('a failed send shows on the sync-status page and "retry now" sends it', async ({ browser, page }) => {
  expect(control, 'the first test connected the brand').not.toBeNull();
  await login(page, 'operator');
  await page.goto(jobUrl);
  await openJobTab(page, 'Sales');
  // On a phone: the menu fits 390 px and is worked from the keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  await addSection(page, 2, 'Bleed radiators', '40.00');
  await control!.xero.failNext({ status: 500, operationId: 'createInvoices' });
  const failed = await sendAsInvoice(page, 2);
  expect(failed.status).toBe(409);
  await expect(page.getByText('Unexpected result.').first()).toBeVisible();
  const second = page.getByRole('region', { name: 'Sales section 2', exact: true });
  await expect(second.getByLabel('Title')).toBeEnabled();

  const developer = await pageAs(browser, 'developer');
  // The first section's invoice as Xero holds it (xeroadmin's fetch call), with the row as sent: 85.00 + 20% VAT.
  const sales = (await (await developer.request.get(`${DEMO}/api/jobs/${jobId}/sales`)).json()) as { jobs: { data: { sections: { xero_doc_id: string }[] } } };
  const fetched = await developer.request.get(`${DEMO}/api/xeroadmin/invoice/${sales.jobs.data.sections[0].xero_doc_id}`);
  expect(fetched.ok()).toBe(true);
  const invoice = ((await fetched.json()) as { xeroadmin: { data: { Total: number; Type: string; LineItems: { Description: string }[] } } }).xeroadmin.data;
  expect(invoice).toMatchObject({ Type: 'ACCREC', Total: 102 });
  expect(invoice.LineItems.map((l) => l.Description)).toEqual(['Replace radiator valve']);

  await developer.goto(`${DEMO}/xero/sync-status`);
  const row = developer.getByRole('row').filter({ hasText: `salessection #${failed.jssId}` });
  await expect(row).toContainText('Failed');
  await expect(row).toContainText('XE_RESULT_ERR');
  await expect(row).toContainText('Unexpected result.');
  await row.getByRole('button', { name: /^Retry entry \d+ now$/ }).click();
  await expect(row).toContainText('Done');
  await expect(row).not.toContainText('XE_RESULT_ERR');
  await developer.context().close();

  await page.reload();
  await openJobTab(page, 'Sales');
  await expect(page.getByRole('region', { name: 'Sales section 2', exact: true }).getByRole('link', { name: /^Open INV-\d{4} in Xero/ })).toBeVisible();
});
