import { expect, test } from '@playwright/test';
import { rawMail, withMailbox } from '../server/mail/sync/testMailbox';
import { uniqueTag } from './support/jobs';
import { mailAccountFor, sessionUserId, startMailServers, type MailServers } from './support/mailServers';
import { DEMO, login } from './support/session';

test.describe('mail client', () => {
  let servers: MailServers;
  test.beforeAll(async () => {
    servers = await startMailServers();
  });
  test.afterAll(async () => {
    await servers?.stop();
  });

  test('reads the demo mailbox: date groups, search, a hostile mail stays inert, flags', async ({ browser, page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await login(page, 'operator', DEMO, '/email');
    await expect(page.getByRole('switch', { name: 'Office' })).toBeChecked();

    // A mail that arrives while the test runs, on an account of the test's own: it heads the list
    // under "Today" at any hour, whenever the demo was seeded.
    const name = uniqueTag('Arrivals');
    const subject = `Arrived just now ${name}`;
    const operatorId = await sessionUserId(page.request);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await login(admin, 'admin', DEMO);
    const account = await mailAccountFor(admin.request, servers, name, [operatorId]);
    await withMailbox(servers.dovecot, account.email, 'pw-e2e', (client) => client.append('INBOX', rawMail({ subject, to: account.email, date: new Date() })));
    expect((await admin.request.post(`${DEMO}/api/mailaccounts/${account.mailaccount_id}/sync`)).status()).toBe(202);
    await adminContext.close();

    await page.reload();
    const list = page.getByRole('list', { name: 'Mails' });
    // The sync runs in the background; the open list picks the mail up at its next look for changes.
    await expect(list.getByRole('button', { name: new RegExp(subject) })).toBeVisible({ timeout: 30_000 });
    await expect(list.getByRole('heading').first()).toHaveText('Today');

    await page.getByRole('searchbox', { name: 'Search mails' }).fill('billing@suspicious-invoices.example');
    await list.getByRole('button', { name: /Urgent: invoice payment required/ }).click();
    await expect(page).toHaveURL(/\/email\/\d+$/);
    const frame = page.frameLocator('iframe[title="Mail content"]');
    await expect(frame.getByText('attached invoice')).toBeVisible();
    const sandbox = await page.locator('iframe[title="Mail content"]').getAttribute('sandbox');
    expect(sandbox).not.toContain('allow-scripts');
    await expect(frame.locator('body script, body svg, body form, body iframe, body meta, body style, body [onerror]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show images' })).toBeVisible();
    await page.getByRole('button', { name: 'Show images' }).click();
    await expect(page.getByRole('button', { name: 'Show images' })).toBeHidden();
    await frame.getByText('Open the invoice').click({ trial: true });
    expect(dialogs).toEqual([]);

    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Remove flag' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove flag' }).click();
    await expect(page.getByRole('button', { name: 'Flag', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reply', exact: true })).toHaveAttribute('href', /\/email\/draft\/new\?mode=reply&ma_id=\d+/);

    await page.getByRole('searchbox', { name: 'Search mails' }).fill('Csőtörés');
    await expect(list.getByRole('button', { name: /Csőtörés a pincében/ }).first()).toBeVisible();
    await page.keyboard.press('Escape');
  });
});

test.describe('mail client: tags, local folders and sender domains', () => {
  test('a mail tagged and filed from the reading pane is listed under its tag and local folder; a domain finds its senders', async ({ page }) => {
    const tagName = uniqueTag('Tag');
    const folderName = uniqueTag('Folder');
    await login(page, 'operator', DEMO, '/email');
    for (const [group, body] of [
      ['mailtags', { mt_name: tagName, mt_color: '#2e7d32' }],
      ['mailfolders', { mf_name: folderName }],
    ] as const) {
      expect((await page.request.post(`${DEMO}/api/${group}/create`, { data: body })).status()).toBe(201);
    }
    await page.reload();
    const labels = page.getByRole('navigation', { name: 'Tags and local folders' });
    await expect(labels.getByRole('list', { name: 'Tags' }).getByRole('button', { name: tagName })).toBeVisible();
    await expect(labels.getByRole('list', { name: 'Local folders' }).getByRole('button', { name: folderName })).toBeVisible();

    const list = page.getByRole('list', { name: 'Mails' });
    const search = page.getByRole('searchbox', { name: 'Search mails' });
    // A domain, with or without '@', finds the mails of its senders.
    await search.fill('@suspicious-invoices.example');
    await expect(list.getByRole('button', { name: /Urgent: invoice payment required/ })).toBeVisible();
    await search.fill('parkview-lettings.example');
    await expect(list.getByRole('button', { name: /^Harriet Cole\b/ }).first()).toBeVisible();
    await expect(list.getByRole('button', { name: /^Tom Baxter\b/ })).toHaveCount(0);

    await list
      .getByRole('button', { name: /^Harriet Cole\b/ })
      .first()
      .click();
    const subject = (await page.getByRole('article').getAttribute('aria-label'))!;
    await page.getByRole('button', { name: 'Tags of the mail' }).click();
    await page.getByRole('menuitemcheckbox', { name: tagName }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: tagName })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    // Closed: the focus is back on the menu's button (the menu has finished leaving).
    await expect(page.getByRole('button', { name: 'Tags of the mail' })).toBeFocused();
    await page.getByRole('button', { name: 'Local folders of the mail' }).click();
    await page.getByRole('menuitemcheckbox', { name: folderName }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: folderName })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Local folders of the mail' })).toBeFocused();

    await search.fill('');
    await labels.getByRole('list', { name: 'Tags' }).getByRole('button', { name: tagName }).click();
    await expect(list.getByRole('button')).toHaveCount(1);
    await expect(list.getByRole('button', { name: /^Harriet Cole\b/ }).filter({ hasText: subject })).toBeVisible();
    await labels.getByRole('list', { name: 'Local folders' }).getByRole('button', { name: folderName }).click();
    await expect(list.getByRole('button')).toHaveCount(1);
    await expect(list.getByRole('button', { name: /^Harriet Cole\b/ }).filter({ hasText: subject })).toBeVisible();
    // Leaving the folder lists every mail again (the list is virtual: only the rows in view are in
    // the DOM, so a mail further down is found by its sender).
    await labels.getByRole('list', { name: 'Local folders' }).getByRole('button', { name: folderName }).click();
    await expect(list.getByRole('button').nth(1)).toBeVisible();
    await search.fill('Tom Baxter');
    await expect(list.getByRole('button', { name: /^Tom Baxter\b/ }).first()).toBeVisible();
  });
});
