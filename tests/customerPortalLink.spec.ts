/**
 * Sign-in by a mailed link (issue 24): a customer on a phone asks for a link from the login page,
 * reads it from the mail the brand sends (through a real SMTP listener set up as the brand's default
 * outgoing server), signs in with it, and sees their job with the mails they took part in. The link
 * works once.
 */
import { expect, test, type Browser } from '@playwright/test';
import { startTestSmtp } from '../server/publicauth/testSmtp';
import { DEMO, login } from './support/session';

test.use({ viewport: { width: 390, height: 844 } });

let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let serverId = 0;

async function asAdmin<T>(browser: Browser, work: (request: import('@playwright/test').APIRequestContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await login(page, 'admin');
    return await work(page.request);
  } finally {
    await context.close();
  }
}

test.beforeAll(async ({ browser }) => {
  smtp = await startTestSmtp();
  serverId = await asAdmin(browser, async (request) => {
    const res = await request.post(`${DEMO}/api/mailservers/create`, {
      data: {
        mailserver_name: 'Portal link test SMTP',
        mailserver_host: '127.0.0.1',
        mailserver_port: smtp.port,
        mailserver_secure: false,
        mailserver_from: 'office@demo.test',
        mailserver_is_default: true,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { mailservers: { data: { mailserver_id: number } } }).mailservers.data.mailserver_id;
  });
});

test.afterAll(async ({ browser }) => {
  if (serverId) await asAdmin(browser, (request) => request.delete(`${DEMO}/api/mailservers/${serverId}`));
  await smtp?.close();
});

test('a customer signs in on a phone with a mailed link, once, and reads their job’s mails', async ({ page, browser }) => {
  const before = smtp.messages.length;
  await page.goto(`${DEMO}/login`);
  await page.getByRole('link', { name: 'E-mail me a sign-in link' }).click();
  await expect(page).toHaveURL(`${DEMO}/portal-link`);
  await page.getByLabel('E-mail address').fill('customer@demo.test');
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');

  await expect.poll(() => smtp.messages.slice(before).filter((m) => m.to.includes('customer@demo.test')).length).toBe(1);
  const mail = smtp.messages.slice(before).find((m) => m.to.includes('customer@demo.test'))!;
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  // The link is built on the brand's configured address; the test server listens on its own port.
  const link = /https?:\/\/[^\s/]+(\/portal-signin\?token=[A-Za-z0-9_-]+)/.exec(body);
  expect(link, body).not.toBeNull();
  const path = link![1];

  await page.goto(`${DEMO}${path}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${DEMO}/portal`);
  await expect(page.getByRole('heading', { name: 'My jobs' })).toBeVisible();

  // The demo job with the inspection report has the office's mail to the customer and their answer.
  const list = await page.request.post(`${DEMO}/api/customerportal/filter?limit=100`, { data: {} });
  const jobs = ((await list.json()) as { customerportal: { data: { job_id: number; job_number: string }[] } }).customerportal.data;
  let found: { job_id: number; job_number: string } | undefined;
  for (const job of jobs) {
    const mails = await page.request.get(`${DEMO}/api/customerportal/${job.job_id}/mails`);
    if (((await mails.json()) as { customerportal: { data: unknown[] } }).customerportal.data.length) found = job;
  }
  expect(found, 'a job of the customer with mails').toBeDefined();
  await page.goto(`${DEMO}/portal/jobs/${found!.job_id}`);
  const mails = page.getByRole('region', { name: 'E-mails' });
  await expect(mails.getByText(/^\d+ e-mails$/)).toBeVisible();
  await mails.getByRole('button', { name: `Inspection report for job ${found!.job_number}`, exact: true }).click();
  await expect(mails.getByText('The inspection report is on your portal.')).toBeVisible();
  await expect(mails.getByRole('button', { name: `Re: Inspection report for job ${found!.job_number}` })).toBeVisible();
  // The office's order to its supplier about the same job stays internal.
  await expect(page.getByText(`Tiles for job ${found!.job_number}`)).toHaveCount(0);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);

  // The same link a second time, in another browser: refused, and nobody is signed in.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const second = await other.newPage();
  await second.goto(`${DEMO}${path}`);
  await second.getByRole('button', { name: 'Sign in' }).click();
  await expect(second.getByText('This link has expired or has already been used. Please request a new one.')).toBeVisible();
  await expect(second).toHaveURL(/\/portal-signin/);
  await other.close();
});
