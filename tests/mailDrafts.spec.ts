/**
 * A new mail saved as a draft is found again: in the Drafts folder of /email, by the search box there,
 * continued from it, and deleted from it after a question.
 */
import { expect, test } from '@playwright/test';
import { uniqueTag } from './support/jobs';
import { mailAccountFor, sessionUserId, startMailServers, type MailServers } from './support/mailServers';
import { DEMO, login } from './support/session';

let servers: MailServers;

test.beforeAll(async () => {
  servers = await startMailServers();
});

test.afterAll(async () => {
  await servers?.stop();
});

test('a saved draft is found in Drafts, by search, continued and deleted', async ({ browser, page }) => {
  const name = uniqueTag('Drafts');
  const subject = `Gutter clearing estimate ${name}`;

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
  const draftUrl = page.url();
  await page.getByRole('combobox', { name: 'From' }).click();
  await page.getByRole('option', { name: new RegExp(account.email.replace(/[.]/g, '\\.')) }).click();
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({ timeout: 15_000 });

  await page.goto(`${DEMO}/email`);
  await page.getByRole('button', { name: 'Drafts', exact: true }).click();
  const drafts = page.getByRole('list', { name: 'Drafts', exact: true });
  await expect(drafts.getByRole('link', { name: new RegExp(subject) })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search drafts' }).fill(name);
  await expect(drafts.getByRole('link')).toHaveCount(1);
  await drafts.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(page).toHaveURL(draftUrl);
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(subject);

  await page.goto(`${DEMO}/email`);
  await page.getByRole('button', { name: 'Drafts', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search drafts' }).fill(name);
  await page.getByRole('button', { name: `Delete draft ${subject}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No draft matches the search')).toBeVisible();
});
