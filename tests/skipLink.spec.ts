import { expect, test } from '@playwright/test';
import { DEMO, login } from './support/session';

/** Issue 28: the first Tab of a logged-in page reaches a skip link that moves focus to the main content. */
test('the first Tab reaches "Skip to content" and Enter moves focus to the main content', async ({ page }) => {
  await login(page, 'operator');
  await page.goto(`${DEMO}/sheet`);
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
