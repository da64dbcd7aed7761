/**
 * A Microsoft 365 mailbox's mail in the mail client, end to end against `npm start`'s sandbox (the
 * local provider server the e2e web server runs, its Graph fake checked against the contracts):
 *
 * - An admin connects a new sandbox mailbox through the real connect flow (Connect → the local
 *   authorization server's consent → /microsoft-connect → the dashboard), assigns the demo user to
 *   it and asks for a sync. The user opens a mail of it in /email, replies, and the reply is in the
 *   mailbox's Sent Items at the sandbox (its control API) and, by the sync the send asks for, once
 *   in the client's Sent Items. The mailbox's on/off is one selection in /email and on its dashboard.
 * - The demo as a new user finds it: the operator of the demo brand opens a mail of the demo's own
 *   sandbox mailbox (connected by `npm start`) in /email and replies; it is sent through Graph and
 *   shows in the mailbox's Sent Items; a new mail (the demo's Office, everyone's default, has no
 *   outgoing server, so New mail does not start from it) goes out from the sandbox mailbox too.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { providerControl, type ProviderControl } from '../providers/control';
import { uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

const DEMO_MAILBOX = 'mailbox@demo-sandbox.test';
const DEMO_MAILBOX_NAME = 'Local sandbox mailbox';

/** The provider server's control API, found from the authorize URL the app hands out (an admin's session). */
async function sandboxControl(admin: APIRequestContext): Promise<ProviderControl> {
  const res = await admin.get(`${DEMO}/api/microsoftaccounts/loginUrl`);
  expect(res.status()).toBe(200);
  return providerControl(new URL((await res.json()).microsoftaccounts.data.url as string).origin);
}

/** A plain mail from a customer to `to`, as the sandbox would receive it. */
function customerMail(to: string, subject: string, text: string, tag: string): string {
  return [
    'From: Harriet Cole <harriet.cole@parkview-lettings.example>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <${tag}@parkview-lettings.example>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');
}

/** Opens the mail `subject` of account `name` in /email and sends a reply with `text`. */
async function replyInClient(page: Page, name: string, subject: string, text: string): Promise<void> {
  await page.goto(`${DEMO}/email`);
  await expect(page.getByRole('switch', { name, exact: true })).toBeChecked();
  await page.getByRole('button', { name: `${name} Inbox`, exact: true }).click();
  const list = page.getByRole('list', { name: 'Mails' });
  await list.getByRole('button', { name: new RegExp(subject.replace(/[[\]]/g, '\\$&')) }).click();
  const article = page.getByRole('article', { name: subject });
  await expect(article).toBeVisible();
  await article.getByRole('link', { name: 'Reply', exact: true }).click();
  await expect(page).toHaveURL(/\/email\/draft\/\d+$/);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(`Re: ${subject}`);
  await page.locator('[contenteditable="true"]').click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.insertText(text);
  await expect(page.locator('[contenteditable="true"]')).toContainText(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('The mail was sent.')).toBeVisible();
  await expect(page).toHaveURL(/\/email$/);
}

/** Disconnects the mailbox `address` if a run stopped half-way left it connected. */
async function disconnect(admin: APIRequestContext, address: string): Promise<void> {
  const listed = await admin.get(`${DEMO}/api/microsoftaccounts/list`);
  expect(listed.status()).toBe(200);
  for (const account of (await listed.json()).microsoftaccounts.data as { msa_id: number; msa_email: string }[]) {
    if (account.msa_email !== address) continue;
    const gone = await admin.delete(`${DEMO}/api/microsoftaccounts/${account.msa_id}`, { headers: { origin: DEMO } });
    expect(gone.status()).toBe(200);
  }
}

test('an admin connects a sandbox mailbox and assigns a user, who reads a mail of it in /email and replies into Sent Items', async ({ page, browser }) => {
  const tag = uniqueTag('msmail');
  const address = `${tag}@sandbox.onmicrosoft.com`;
  const name = `Service desk ${tag}`;
  const subject = `Leaking radiator at 14 Elm Row ${tag}`;
  const reply = `We will send an engineer on Thursday morning (${tag}).`;
  // Two sessions, two syncs and a send, each waited for as a person would.
  test.setTimeout(120_000);

  await login(page, 'admin');
  const control = await sandboxControl(page.request);
  // The mailbox at Microsoft, with a customer's mail waiting in its Inbox before it is connected.
  await control.microsoft.createMailbox({ subject: address, displayName: name });
  await control.microsoft.deliverMail(address, { mime: customerMail(address, subject, 'The radiator in the hall is leaking onto the floor.', tag) });
  // The consent is the new mailbox's: the authorization server signs in whom the login hint names.
  await page.route(/\/oauth\/microsoft\/authorize\?/, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('login_hint', address);
    await route.continue({ url: url.toString() });
  });

  await page.goto(`${DEMO}/microsoft/dashboard`);
  await page.getByRole('button', { name: 'Connect a Microsoft mailbox' }).click();
  await page.waitForURL(`${DEMO}/microsoft/dashboard`);
  const card = page.getByRole('region', { name: address });
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Assign users' }).click();
  const dialog = page.getByRole('dialog', { name: `Who may use ${address}` });
  await dialog.getByRole('checkbox', { name: 'Assigned: user@demo.test' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Can send: user@demo.test' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('listitem')).toHaveCount(1);

  // The first sync brings the Inbox in; the dashboard shows its folders once done.
  await card.getByRole('button', { name: 'Sync now' }).click();
  await card.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/microsoft\/accountdetails\/\d+$/);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Folders' }).getByRole('cell', { name: 'Inbox', exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // The user reads the customer's mail in /email and replies.
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await login(userPage, 'user');
  await replyInClient(userPage, name, subject, reply);

  // Sent through Graph's sendMail: the reply is in the mailbox's Sent Items at the sandbox, once.
  await expect
    .poll(async () => (await control.microsoft.mailMessages(address, 'sentitems')).filter((m) => m.subject === `Re: ${subject}`).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const original = (await control.microsoft.mailMessages(address, 'inbox')).find((m) => m.subject === subject);
  expect(original?.isRead, 'reading it in /email marked it read at Microsoft').toBe(true);

  // The send asked for a sync, which files the sandbox's copy under the sent mail: Sent Items shows it once, unasked.
  await userPage.getByRole('button', { name: `${name} Sent Items`, exact: true }).click();
  const sentList = userPage.getByRole('list', { name: 'Mails' });
  await expect(sentList.getByRole('button', { name: new RegExp(`Re: ${subject}`) })).toHaveCount(1, { timeout: 30_000 });
  await sentList.getByRole('button', { name: new RegExp(`Re: ${subject}`) }).click();
  await expect(userPage.frameLocator('iframe[title="Mail content"]').getByText(reply)).toBeVisible();

  // One selection (SPEC point 4): switched off in /email, it is off on the user's Microsoft dashboard; on there, on here.
  await userPage.goto(`${DEMO}/email`);
  const mailSwitch = userPage.getByRole('switch', { name, exact: true });
  await mailSwitch.click();
  await expect(mailSwitch).not.toBeChecked();
  await expect(userPage.getByRole('button', { name: `${name} Inbox`, exact: true })).toHaveCount(0);
  await userPage.waitForLoadState('networkidle');
  await userPage.goto(`${DEMO}/microsoft/dashboard`);
  const use = userPage.getByRole('region', { name: address }).getByRole('switch', { name: `Use ${address}` });
  await expect(use).not.toBeChecked();
  await use.click();
  await expect(use).toBeChecked();
  await userPage.goto(`${DEMO}/email`);
  await expect(userPage.getByRole('switch', { name, exact: true })).toBeChecked();
  await context.close();

  expect(await control.violations()).toEqual([]);
  await disconnect(page.request, address);
});

test("the demo's own sandbox mailbox shows its mail in /email and a reply from it is sent", async ({ page, browser }) => {
  const tag = uniqueTag('demomail');
  const reply = `Thanks, booked for next week (${tag}).`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, 'admin');
  const control = await sandboxControl(admin.request);
  await adminContext.close();

  // npm start connected it and its sync brought the sandbox's mails in: nothing configured.
  await login(page, 'operator');
  const subject = '[Local sandbox] Boiler service request';
  await expect
    .poll(
      async () => {
        const res = await page.request.post(`${DEMO}/api/mails/filter?limit=20`, { data: { stext: 'Boiler service request' } });
        return res.ok() ? ((await res.json()).mails.data as { mail_subject: string }[]).some((r) => r.mail_subject === subject) : false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const before = (await control.microsoft.mailMessages(DEMO_MAILBOX, 'sentitems')).length;
  await replyInClient(page, DEMO_MAILBOX_NAME, subject, reply);
  await expect.poll(async () => (await control.microsoft.mailMessages(DEMO_MAILBOX, 'sentitems')).length, { timeout: 15_000 }).toBe(before + 1);
  const sent = await control.microsoft.mailMessages(DEMO_MAILBOX, 'sentitems');
  expect(sent.at(-1)?.subject).toBe(`Re: ${subject}`);
  // And the new user sees it in the mailbox's Sent Items in /email within seconds.
  await page.getByRole('button', { name: `${DEMO_MAILBOX_NAME} Sent Items`, exact: true }).click();
  await page
    .getByRole('list', { name: 'Mails' })
    .getByRole('button', { name: new RegExp(`^${DEMO_MAILBOX_NAME}`) })
    .filter({ hasText: `Re: ${subject}` })
    // Newest first: this run's reply (an earlier run on the same data may have left its own below).
    .first()
    .click({ timeout: 30_000 });
  await expect(page.frameLocator('iframe[title="Mail content"]').getByText(reply)).toBeVisible();

  // A new mail too: the demo's Office, everyone's default, has no outgoing server, so New mail does not
  // start from it (nothing to fix before Send); from the sandbox mailbox it goes out through Graph.
  const fresh = `Visit confirmed for Thursday ${tag}`;
  await page.goto(`${DEMO}/email`);
  await page.getByRole('link', { name: 'New mail' }).click();
  await expect(page).toHaveURL(/\/email\/draft\/\d+$/);
  await page.waitForLoadState('networkidle');
  const from = page.getByRole('combobox', { name: 'From' });
  await expect(from).not.toContainText('office@demo.test');
  await expect(page.getByText('cannot send mail')).toHaveCount(0);
  await from.click();
  await page.getByRole('option', { name: new RegExp(DEMO_MAILBOX.replace(/[.]/g, '\\.')) }).click();
  const to = page.getByRole('combobox', { name: 'To' });
  await to.fill('harriet.cole@parkview-lettings.example');
  await to.press('Enter');
  await page.getByRole('textbox', { name: 'Subject' }).fill(fresh);
  await page.locator('[contenteditable="true"]').click();
  await page.keyboard.insertText('See you on Thursday morning.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('The mail was sent.')).toBeVisible();
  await expect
    .poll(async () => (await control.microsoft.mailMessages(DEMO_MAILBOX, 'sentitems')).filter((m) => m.subject === fresh).length, { timeout: 15_000 })
    .toBe(1);
  expect(await control.violations()).toEqual([]);
});
