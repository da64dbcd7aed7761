/**
 * A reply quotes the mail it answers without loading its remote images (a tracking pixel would tell
 * the sender the mail was read) unless the user chose "Show images" for that mail: a mail with a
 * remote image is delivered to Dovecot and synced, the operator opens it and answers it in Chromium,
 * and no request reaches the image's host until the images are shown.
 */
import { expect, test } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { uniqueTag } from './support/jobs';
import { mailAccountFor, sessionUserId, startMailServers, type MailServers } from './support/mailServers';
import { DEMO, login } from './support/session';

const PIXEL_HOST = 'reply-pixel.example';
const PIXEL = `https://${PIXEL_HOST}/open.png`;
/** A 1×1 transparent GIF, so the editor has a real image once images are allowed. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let servers: MailServers;

test.beforeAll(async () => {
  servers = await startMailServers();
});

test.afterAll(async () => {
  await servers?.stop();
});

test("a reply keeps the quoted mail's remote images blocked unless the user showed them", async ({ browser, page, context }) => {
  const name = uniqueTag('Pixel');
  const subject = `Invoice with a tracking pixel ${name}`;
  const hits: string[] = [];
  await context.route(`**://${PIXEL_HOST}/**`, (route) => {
    hits.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/gif', body: GIF });
  });

  await login(page, 'operator', DEMO, '/email');
  const operatorId = await sessionUserId(page.request);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await login(adminPage, 'admin', DEMO);
  const account = await mailAccountFor(adminPage.request, servers, name, [operatorId]);

  const client = new ImapFlow({
    host: servers.dovecot.host,
    port: servers.dovecot.port,
    secure: false,
    auth: { user: account.email, pass: 'pw-e2e' },
    logger: false,
  });
  await client.connect();
  try {
    const raw = [
      'From: Billing <billing@supplier.example>',
      `To: ${account.email}`,
      `Subject: ${subject}`,
      `Message-ID: <${name}@supplier.example>`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      `<p>Please find the invoice attached.</p><p><img src="${PIXEL}" alt="Supplier logo"></p>`,
      '',
    ].join('\r\n');
    await client.append('INBOX', raw);
  } finally {
    await client.logout();
  }
  expect((await adminPage.request.post(`${DEMO}/api/mailaccounts/${account.mailaccount_id}/sync`)).status()).toBe(202);
  await adminContext.close();

  let maId = 0;
  await expect
    .poll(
      async () => {
        const res = await page.request.post(`${DEMO}/api/mails/filter?limit=20`, { data: { stext: name } });
        const rows = res.ok() ? ((await res.json()).mails.data as { ma_id: number; mail_subject: string }[]) : [];
        maId = rows.find((r) => r.mail_subject === subject)?.ma_id ?? 0;
        return maId;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);

  // Reading: the image is blocked, nothing was fetched.
  await page.goto(`${DEMO}/email/${maId}`);
  await expect(page.getByRole('article', { name: subject })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show images' })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Mail content"]').getByText('Please find the invoice attached.')).toBeVisible();
  expect(hits).toEqual([]);

  // Replying without showing them: the quote is there, its image is not loaded.
  await page.getByRole('article', { name: subject }).getByRole('link', { name: 'Reply', exact: true }).click();
  await expect(page).toHaveURL(/\/email\/draft\/\d+$/);
  const editor = page.locator('[contenteditable="true"]');
  await expect(editor).toContainText('Please find the invoice attached.');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(hits).toEqual([]);
  expect(await page.locator(`img[src*="${PIXEL_HOST}"]`).count()).toBe(0);
  const draftId = Number(/\/email\/draft\/(\d+)$/.exec(page.url())![1]);
  const draft = await page.request.get(`${DEMO}/api/maildrafts/${draftId}/details`);
  expect(await draft.text()).not.toContain(PIXEL_HOST);

  // Once the user shows the images of that mail, a reply quotes them as shown.
  await page.goto(`${DEMO}/email/${maId}`);
  await page.getByRole('button', { name: 'Show images' }).click();
  await expect.poll(() => hits.length).toBeGreaterThan(0);
  await page.getByRole('article', { name: subject }).getByRole('link', { name: 'Reply', exact: true }).click();
  await page.getByRole('button', { name: 'Replace' }).click();
  await expect(page).toHaveURL(/\/email\/draft\/\d+$/);
  await expect(page.locator('[contenteditable="true"]')).toContainText('Please find the invoice attached.');
  await expect(page.locator(`[contenteditable="true"] img[src="${PIXEL}"]`)).toHaveCount(1);
});
