import { expect, test, type Request } from '@playwright/test';
import { rawMail, withMailbox } from '../server/mail/sync/testMailbox';
import { MAIL_PAGE_SIZE } from '../core/mail/client/types';
import { uniqueTag } from './support/jobs';
import { mailAccountFor, sessionUserId, startMailServers, type MailServers } from './support/mailServers';
import { DEMO, login } from './support/session';

/** Mails of the test's own account: with the demo mailbox, more than one page of the list. */
const SEEDED = MAIL_PAGE_SIZE + 50;
/** The list's row height (MailListPane.tsx). */
const ROW_HEIGHT = 72;

test.describe('mail list paging', () => {
  let servers: MailServers;
  test.beforeAll(async () => {
    servers = await startMailServers();
  });
  test.afterAll(async () => {
    await servers?.stop();
  });

  test('opens with one page, keeps about twice the visible rows in the DOM, and fetches the next page at the end', async ({ browser, page }) => {
    test.setTimeout(180_000);
    await login(page, 'operator', DEMO);
    const operatorId = await sessionUserId(page.request);
    const name = uniqueTag('Paging');
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await login(admin, 'admin', DEMO);
    const account = await mailAccountFor(admin.request, servers, name, [operatorId]);
    // Older than the demo mailbox, so the other mail specs still find the demo's mails at the list's head.
    const newest = Date.UTC(2020, 0, 31, 12);
    await withMailbox(servers.dovecot, account.email, 'pw-e2e', async (client) => {
      for (let i = 0; i < SEEDED; i += 1) {
        await client.append('INBOX', rawMail({ subject: `${name} mail ${i}`, to: account.email, date: new Date(newest - i * 60_000) }));
      }
    });
    expect((await admin.request.post(`${DEMO}/api/mailaccounts/${account.mailaccount_id}/sync`)).status()).toBe(202);
    await adminContext.close();
    // The sync runs in the background: wait until the operator's list holds every seeded mail.
    await expect
      .poll(
        async () => {
          const res = await page.request.post(`${DEMO}/api/mails/filter?limit=${SEEDED + 10}&pagenumber=1`, {
            data: { mailaccount_ids: [account.mailaccount_id] },
          });
          return ((await res.json()) as { mails: { data: unknown[] } }).mails.data.length;
        },
        { timeout: 60_000 },
      )
      .toBe(SEEDED);

    const listRequests: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/mails/filter')) listRequests.push(request);
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${DEMO}/email`);
    const list = page.getByRole('list', { name: 'Mails' });
    await expect(list.getByRole('button').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(listRequests).toHaveLength(1);

    // The scroll box fits the window, and only the rows near it exist.
    const scroller = page.getByTestId('mail-list-scroller');
    const box = await scroller.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight, bottom: el.getBoundingClientRect().bottom }));
    expect(box.bottom).toBeLessThanOrEqual(800);
    expect(box.scroll).toBeGreaterThan(box.client);
    const visibleRows = Math.ceil(box.client / ROW_HEIGHT);
    const rowsInDom = await list.getByRole('button').count();
    expect(rowsInDom).toBeGreaterThan(0);
    expect(rowsInDom).toBeLessThanOrEqual(2 * visibleRows);

    // Scrolling to the end of the first page asks for the next one, and its rows come in.
    const next = page.waitForResponse((response) => response.url().includes('/api/mails/filter'));
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const body = (await next).request().postDataJSON() as { before?: { ma_id: number } | null };
    expect(body.before?.ma_id).toBeGreaterThan(0);
    await expect.poll(() => scroller.evaluate((el) => el.scrollHeight)).toBeGreaterThan(box.scroll);
    await page.waitForLoadState('networkidle');
    expect(listRequests).toHaveLength(2);
    expect(await list.getByRole('button').count()).toBeLessThanOrEqual(2 * visibleRows);
  });
});
