/**
 * Issue 30 end to end, against Dovecot and an SMTP listener: a tenant's mail naming a job is
 * filed to it, the operator answers it from the job's E-mails tab (the answer goes out with the
 * job's reply address), and the tenant's reply, from a client that drops the reply headers,
 * lands in the job's conversation with the reason it was filed shown beside it.
 */
import { expect, test, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { createJob, openJobTab, uniqueTag } from './support/jobs';
import { mailAccountFor, sessionUserId, startMailServers, type MailServers, type TestMailAccount } from './support/mailServers';
import { DEMO, login } from './support/session';

let servers: MailServers;

test.beforeAll(async () => {
  servers = await startMailServers();
});

test.afterAll(async () => {
  await servers?.stop();
});

const TENANT = 'Harriet Cole <harriet.cole@parkview-lettings.example>';

async function deliver(account: TestMailAccount, headers: string[], text: string) {
  const client = new ImapFlow({
    host: servers.dovecot.host,
    port: servers.dovecot.port,
    secure: false,
    auth: { user: account.email, pass: 'pw-e2e' },
    logger: false,
  });
  await client.connect();
  try {
    await client.append('INBOX', [...headers, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', text, ''].join('\r\n'));
  } finally {
    await client.logout();
  }
}

/** Syncs the account and waits until the job lists a mail with that subject from that sender. */
async function syncUntilFiled(page: Page, account: TestMailAccount, jobId: number, subject: string, from: string) {
  expect((await page.request.post(`${DEMO}/api/mails/sync/${account.mailaccount_id}`)).status()).toBe(202);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${DEMO}/api/mails/getmailsbyjobid/${jobId}`);
        const rows = res.ok() ? ((await res.json()).mails.data as { mail_subject: string; mail_from: { address: string } | null }[]) : [];
        return rows.some((r) => r.mail_subject === subject && r.mail_from?.address === from);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

test("a reply without reply headers lands in the job's conversation, with why it was filed", async ({ browser, page }) => {
  const name = uniqueTag('Routing');
  await login(page, 'operator', DEMO);
  const operatorId = await sessionUserId(page.request);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await login(adminPage, 'admin', DEMO);
  const account = await mailAccountFor(adminPage.request, servers, name, [operatorId]);
  await adminContext.close();

  const job = await createJob(page, { department: 'Plumbing', description: `Dripping tap ${name}` });
  const subject = `Dripping tap ${job.number}`;
  await deliver(
    account,
    [
      `From: ${TENANT}`,
      `To: ${account.email}`,
      `Subject: ${subject}`,
      `Message-ID: <${name}-1@parkview-lettings.example>`,
      `Date: ${new Date(Date.now() - 3_600_000).toUTCString()}`,
    ],
    'The kitchen tap keeps dripping.',
  );
  await syncUntilFiled(page, account, job.id, subject, 'harriet.cole@parkview-lettings.example');

  // The operator answers from the job's E-mails tab.
  await page.goto(`${DEMO}/sheet/${job.id}/details`);
  await openJobTab(page, 'E-mails');
  const conversation = page.getByRole('table', { name: `Conversation: ${subject}` });
  await conversation.getByRole('link', { name: subject, exact: true }).click();
  await expect(page.getByRole('article', { name: subject })).toBeVisible();
  await expect(page.getByTestId('mail-routing')).toContainText(`the subject names ${job.number}`);
  await page.getByRole('article', { name: subject }).getByRole('link', { name: 'Reply', exact: true }).click();
  await expect(page).toHaveURL(/\/email\/draft\/\d+$/);
  await page.waitForLoadState('networkidle');
  await page.locator('[contenteditable="true"]').click();
  await page.keyboard.type('We will send a plumber on Tuesday.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('The mail was sent.')).toBeVisible();
  const sent = (await servers.smtp.waitFor(1, 10_000)).find((m) => m.raw.includes('We will send a plumber'));
  const replyAddress = `${account.email.split('@')[0]}+${job.number.toLowerCase()}@e2e-mail.example`;
  expect(sent!.raw).toMatch(new RegExp(`^Reply-To: .*${replyAddress.replace(/[.+]/g, '\\$&')}`, 'im'));

  // The tenant's client answers the reply address and drops In-Reply-To and References.
  await deliver(
    account,
    [
      `From: ${TENANT}`,
      `To: ${replyAddress}`,
      `Subject: Re: ${subject}`,
      `Message-ID: <${name}-2@parkview-lettings.example>`,
      `Date: ${new Date().toUTCString()}`,
    ],
    'Tuesday is fine, thank you.',
  );
  await syncUntilFiled(page, account, job.id, `Re: ${subject}`, 'harriet.cole@parkview-lettings.example');

  await page.goto(`${DEMO}/sheet/${job.id}/details`);
  await openJobTab(page, 'E-mails');
  const thread = page.getByRole('table', { name: `Conversation: ${subject}` });
  // One conversation: the tenant's mail, the operator's answer and the headerless reply, oldest first.
  await expect(thread.getByRole('row')).toHaveCount(4);
  const answer = thread
    .getByRole('row')
    .filter({ hasText: 'Harriet Cole' })
    .filter({ hasText: `Re: ${subject}` });
  await answer.getByRole('link', { name: `Re: ${subject}` }).click();
  await expect(page.getByRole('article', { name: `Re: ${subject}` })).toBeVisible();
  await expect(page.getByTestId('mail-routing')).toContainText(`Filed by the router`);
  await expect(page.getByTestId('mail-routing')).toContainText(`sent to ${job.number}'s reply address`);
});
