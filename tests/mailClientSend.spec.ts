/**
 * Compose and send through the UI against real servers: an admin points a new shared account at
 * Dovecot and an SMTP listener run by the test; the operator writes a new mail in the client,
 * sends it, and it arrives at the SMTP listener, lies in Dovecot's Sent folder and shows in the
 * account's Sent folder in the client.
 */
import { expect, test } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { uniqueTag } from './support/jobs';
import { mailAccountFor, sessionUserId, startMailServers, type MailServers, type TestMailAccount } from './support/mailServers';
import { DEMO, login } from './support/session';

let servers: MailServers;

test.beforeAll(async () => {
  servers = await startMailServers();
});

test.afterAll(async () => {
  await servers?.stop();
});

async function sentOnServer(account: TestMailAccount, subject: string): Promise<number> {
  const client = new ImapFlow({
    host: servers.dovecot.host,
    port: servers.dovecot.port,
    secure: false,
    auth: { user: account.email, pass: 'pw-e2e' },
    logger: false,
  });
  await client.connect();
  try {
    await client.mailboxOpen('Sent');
    const uids = await client.search({ subject }, { uid: true });
    return Array.isArray(uids) ? uids.length : 0;
  } finally {
    await client.logout();
  }
}

test('an operator writes a new mail, sends it, and finds it received and in Sent', async ({ browser, page }) => {
  const name = uniqueTag('Outbox');
  const subject = `Quote for the roof repair ${name}`;

  await login(page, 'operator', DEMO, '/email');
  const operatorId = await sessionUserId(page.request);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await login(adminPage, 'admin', DEMO);
  const account = await mailAccountFor(adminPage.request, servers, name, [operatorId]);
  await adminContext.close();

  await page.goto(`${DEMO}/email`);
  await expect(page.getByRole('switch', { name })).toBeChecked();
  await page.getByRole('link', { name: 'New mail' }).click();
  await expect(page).toHaveURL(/\/email\/draft\/\d+$/);
  await page.waitForLoadState('networkidle');

  await page.getByRole('combobox', { name: 'From' }).click();
  await page.getByRole('option', { name: new RegExp(account.email.replace(/[.]/g, '\\.')) }).click();
  const to = page.getByRole('combobox', { name: 'To' });
  await to.fill('harriet.cole@parkview-lettings.example');
  await to.press('Enter');
  await expect(page.getByRole('button', { name: 'harriet.cole@parkview-lettings.example' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.locator('[contenteditable="true"]').click();
  await page.keyboard.type('Dear Harriet, please find our quote for the roof repair below.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(page.getByText('The mail was sent.')).toBeVisible();
  await expect(page).toHaveURL(/\/email$/);
  const received = await servers.smtp.waitFor(1, 10_000);
  const mail = received.find((m) => m.raw.includes(subject));
  expect(mail, 'the SMTP listener received the mail').toBeTruthy();
  expect(mail!.from).toBe(account.email);
  expect(mail!.to).toEqual(['harriet.cole@parkview-lettings.example']);
  expect(mail!.raw).toContain('please find our quote for the roof repair');
  expect(await sentOnServer(account, subject)).toBe(1);

  await page.getByRole('button', { name: `${name} Sent` }).click();
  const list = page.getByRole('list', { name: 'Mails' });
  await list.getByRole('button', { name: new RegExp(subject) }).click();
  await expect(page.getByRole('article', { name: subject })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Mail content"]').getByText('please find our quote for the roof repair')).toBeVisible();
});
