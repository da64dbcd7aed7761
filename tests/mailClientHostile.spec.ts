/**
 * The hostile corpus (server/mail/client/hostileCorpus.ts, seeded into the Office account's Junk
 * folder) opened mail by mail in Chromium: no payload runs. Every payload would leave a mark if it
 * ran — a request to the marker host, `__xss` on a window, a dialog, a navigation — and none may
 * appear; the mail's own text stays readable in the sandboxed frame.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { HOSTILE_CORPUS, MARKER_HOST, readableLine } from '../server/mail/client/hostileCorpus';
import { DEMO, login } from './support/session';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
const ids = new Map<string, number>();
const hits: string[] = [];
const dialogs: string[] = [];
/** The seeded subject of the corpus mail at this index (server/seed/mail.ts). */
const subjectOf = (index: number) => `Hostile HTML ${String(index + 1).padStart(2, '0')}: ${HOSTILE_CORPUS[index].title}`;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  // Any request to the marker host, from the page or any frame, is a payload that ran or loaded.
  await context.route(`**://${MARKER_HOST}/**`, (route) => {
    hits.push(route.request().url());
    return route.fulfill({ status: 204 });
  });
  context.on('request', (r) => {
    if (r.url().includes(MARKER_HOST)) hits.push(r.url());
  });
  page = await context.newPage();
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('popup', (p) => hits.push(`popup ${p.url()}`));
  await login(page, 'operator', DEMO, '/email');
  const res = await page.request.post(`${DEMO}/api/mails/filter?limit=200`, { data: { stext: 'Corpus check' } });
  expect(res.ok()).toBe(true);
  const rows = (await res.json()).mails.data as { ma_id: number; mail_subject: string }[];
  HOSTILE_CORPUS.forEach((m, i) => {
    const row = rows.find((r) => r.mail_subject === subjectOf(i));
    if (row) ids.set(m.id, row.ma_id);
  });
});

test.afterAll(async () => {
  await context.close();
});

test('every corpus mail is seeded in the Junk folder', async () => {
  expect([...ids.keys()]).toEqual(HOSTILE_CORPUS.map((m) => m.id));
  await page.goto(`${DEMO}/email`);
  await page.getByRole('button', { name: 'Office Junk' }).click();
  // The list is virtual (only the rows in view are in the DOM): the first corpus mail is found by its subject.
  await page.getByRole('searchbox', { name: 'Search mails' }).fill('Hostile HTML 01');
  await expect(page.getByRole('list', { name: 'Mails' }).getByRole('button', { name: /^Corpus Probe\b.*Hostile HTML 01/ })).toBeVisible();
});

test('the marks are seen when a payload does run (outside the client, no sandbox)', async () => {
  const probe = await context.newPage();
  const seen: string[] = [];
  probe.on('dialog', (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  hits.length = 0;
  await probe.setContent(HOSTILE_CORPUS.find((m) => m.id === 'img-onerror')!.html);
  await expect.poll(() => seen.length).toBeGreaterThan(0);
  expect(await probe.evaluate(() => (window as { __xss?: unknown }).__xss)).toBe(1);
  await expect.poll(() => hits.length).toBeGreaterThan(0);
  await probe.close();
  hits.length = 0;
});

HOSTILE_CORPUS.forEach((mail, index) => {
  test(`hostile mail stays inert: ${mail.id} (${mail.title})`, async () => {
    const id = ids.get(mail.id)!;
    hits.length = 0;
    dialogs.length = 0;
    // Within the app (as a click in the list would): a reload per mail costs more than the check.
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/email/${id}`);
    await expect(page.getByRole('article')).toHaveAttribute('aria-label', subjectOf(index));
    const frameEl = page.locator('iframe[title="Mail content"]');
    const frame = page.frameLocator('iframe[title="Mail content"]');
    await expect(frame.getByText(readableLine(mail.id))).toBeVisible();
    await expect(frame.getByText('End of the message.')).toBeVisible();
    const sandbox = (await frameEl.getAttribute('sandbox')) ?? '';
    expect(sandbox.split(/\s+/)).not.toContain('allow-scripts');
    expect(sandbox.split(/\s+/)).not.toContain('allow-same-origin');

    // What a reader does: move over and press on what is there (a press that opens a tab is no harm).
    for (const link of await frame.locator('a, summary, [onmouseover], [onclick]').all()) await link.hover({ timeout: 1000 }).catch(() => undefined);
    await frame.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Tab');
    // A meta refresh of 0 s, an onload or a late fetch would have happened by now.
    await page.waitForTimeout(400);

    expect(hits).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(page.url()).toBe(`${DEMO}/email/${id}`);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    // The page and the mail frame only: no frame of the mail's own, and the mail frame never navigated.
    const frames = page.frames();
    expect(frames).toHaveLength(2);
    const mailFrame = frames.find((f) => f !== page.mainFrame())!;
    expect(mailFrame.url()).toBe('about:srcdoc');
    expect(await mailFrame.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    const covering = await mailFrame.evaluate(
      () => Array.from(document.querySelectorAll('body *')).filter((e) => ['fixed', 'sticky'].includes(getComputedStyle(e).position)).length,
    );
    expect(covering).toBe(0);
    // The frame's own head has a CSP meta and a base target; nothing of the mail may add to them.
    const active = await mailFrame.evaluate(
      () =>
        document.querySelectorAll(
          'script, iframe, object, embed, form, input, svg, math, meta[http-equiv="refresh" i], base[href], link, body *[onerror], body *[onload], body meta, body style',
        ).length,
    );
    expect(active).toBe(0);
  });
});
