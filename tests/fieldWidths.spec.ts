import { expect, test, type Page } from '@playwright/test';
import { DEMO, login } from './support/session';

/** Required fields of the hand-built developer screens stay wide enough to see and type in, on a desktop and a phone. */

async function widthOf(page: Page, selector: string) {
  const field = page.locator(selector).first();
  await expect(field).toBeVisible();
  return (await field.boundingBox())?.width ?? 0;
}

for (const [label, viewport] of [
  ['1440 px', { width: 1440, height: 900 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test("a brand's domain name and the SQL file name are wide enough to use", async ({ page }) => {
      await login(page, 'developer', DEMO, '/brand/1');
      await expect(page.getByTestId('domain-0')).toBeVisible();
      const domain = page.getByTestId('domain-0').getByRole('textbox', { name: 'Domain name' });
      await expect(domain).toHaveValue('localhost');
      expect((await domain.boundingBox())?.width ?? 0).toBeGreaterThan(200);

      await page.goto(`${DEMO}/dev/sql-schemas`);
      expect(await widthOf(page, 'input[name=bf_name]')).toBeGreaterThan(150);
    });
  });
}
