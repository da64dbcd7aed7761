import { expect, test } from '@playwright/test';
import { uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

/**
 * Issue 27: pick lists search the server. The sheet opens without loading any list of 500, and a
 * client that is not among the first 500 contacts is found by typing its name.
 */
test('the sheet shows its first job row without loading lists of 500', async ({ page }) => {
  await login(page, 'operator');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) asked.push(r.url());
  });
  await page.goto(`${DEMO}/sheet`);
  await expect(page.locator('[data-testid^="job-row-"]').first()).toBeVisible();
  const before = [...asked];
  expect(before.some((u) => u.includes('/api/jobs/filter'))).toBe(true);
  expect(before.filter((u) => u.includes('limit=500'))).toEqual([]);
  expect(before.filter((u) => /\/api\/(contacts|propertymanagers|jobsites)\/filter/.test(u))).toEqual([]);
});

test('a client beyond the first 500 contacts is found by typing, and its name stays shown after a reload', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag('Pick');
  await login(page, 'operator');
  const names = Array.from({ length: 501 }, (_, i) => `${tag} client ${String(i + 1).padStart(4, '0')}`);
  // 501 clients through the API, a few at a time.
  for (let i = 0; i < names.length; i += 20) {
    const answers = await Promise.all(
      names
        .slice(i, i + 20)
        .map((co_name) => page.request.post(`${DEMO}/api/contacts/create`, { headers: { origin: DEMO }, data: { co_name, co_type: 'CLIENT' } })),
    );
    for (const answer of answers) expect(answer.ok(), await answer.text()).toBe(true);
  }
  const last = names[500];

  await page.goto(`${DEMO}/sheet`);
  const client = page.getByRole('combobox', { name: 'Client', exact: true });
  await client.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('option', { name: last, exact: true })).toHaveCount(0);
  const searched = page.waitForRequest((r) => r.url().includes('/api/jobclients/filter') && (r.postData() ?? '').includes(`${tag} client 0501`));
  await client.fill(`${tag} client 0501`);
  await searched;
  await page.getByRole('option', { name: last, exact: true }).click();
  await expect(client).toHaveValue(last);

  // The stored filter keeps the id; the name comes from that one record, not from a list.
  const named = page.waitForRequest((r) => r.url().includes('/api/jobclients/filter') && (r.postData() ?? '').includes('"ids"'));
  await page.reload();
  await named;
  await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(last);
});
