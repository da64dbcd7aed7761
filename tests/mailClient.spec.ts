import { expect, test } from '@playwright/test';
import { DEMO, login } from './support/session';

test.describe('mail client', () => {
  test('reads the demo mailbox: date groups, search, a hostile mail stays inert, flags', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await login(page, 'operator', DEMO, '/email');
    await expect(page.getByRole('switch', { name: 'Office' })).toBeChecked();
    const list = page.getByRole('list', { name: 'Mails' });
    await expect(list.getByRole('heading', { name: 'Today' })).toBeVisible();

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
