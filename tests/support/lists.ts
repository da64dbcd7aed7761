import { expect, type Page } from '@playwright/test';

/**
 * Opens a list's create page through its Create link, once the create page has stayed. A list writes
 * its filters into the address a moment after it opens (react-admin's debounced filter form); on a
 * loaded machine that moment can come after an early click and take the page back to the list, so the
 * click is made again until the create page's Save button shows on the create address.
 */
export async function openCreate(page: Page): Promise<void> {
  const link = page.getByRole('link', { name: 'Create' });
  const target = new URL((await link.getAttribute('href')) ?? '', page.url()).href;
  await expect(async () => {
    if (page.url() !== target) await link.click();
    await expect(page).toHaveURL(target, { timeout: 2_000 });
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 2_000 });
    expect(page.url()).toBe(target);
  }).toPass({ timeout: 30_000 });
}
