import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { createJob, openJobTab, uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

/** A small PNG in one colour, made here so the test needs no fixture files. */
async function png(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** True once the image has loaded real pixels (a broken thumbnail has none). */
async function loaded(img: Locator): Promise<boolean> {
  return img.evaluate((el) => {
    const i = el as HTMLImageElement;
    return i.complete && i.naturalWidth > 0;
  });
}

/** Issue 6 end to end: a job's Documents tab and the /data/files browser. */
test('an operator uploads images and a PDF to a job, sees thumbnails, shares one with the client, deletes one, and finds the rest under /data/files', async ({
  page,
}) => {
  const tag = uniqueTag('doc');
  const roof = `roof-${tag}.png`;
  const boiler = `boiler-${tag}.png`;
  const quote = `quote-${tag}.pdf`;
  await login(page, 'operator');
  const job = await createJob(page, { department: 'Roofing', description: `Slipped tiles ${tag}` });

  await openJobTab(page, 'Documents');
  await expect(page).toHaveURL(`${DEMO}/sheet/${job.id}/documents`);
  await expect(page.getByText('No files.', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Upload to' }).click();
  await page.getByRole('option', { name: 'Work orders', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Upload to' })).toHaveText('Work orders');
  await page.getByLabel('Choose files').setInputFiles([
    { name: roof, mimeType: 'image/png', buffer: await png(320, 200, '#b03a2e') },
    { name: boiler, mimeType: 'image/png', buffer: await png(200, 320, '#2e86c1') },
    { name: quote, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`) },
  ]);
  await expect(page.getByText(/^3 files, /)).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  const table = page.getByRole('table', { name: 'Documents' });
  const rows = table.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: roof })).toContainText('Work orders');
  // Thumbnails for the two images, none for the PDF, and each thumbnail really loads.
  for (const name of [roof, boiler]) {
    const img = table.getByRole('img', { name, exact: true });
    await expect(img).toBeVisible();
    await expect(img).toHaveAttribute('src', /.+/);
    await expect.poll(() => loaded(img)).toBe(true);
  }
  await expect(table.getByRole('img', { name: quote, exact: true })).toHaveCount(0);

  // Visible to the client: switched on, saved, still on after a reload.
  const share = page.getByRole('switch', { name: `Visible to client ${roof}` });
  await expect(share).not.toBeChecked();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/api/jobs/${job.id}/`));
  await share.check();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('switch', { name: `Visible to client ${roof}` })).toBeChecked();
  await expect(page.getByRole('switch', { name: `Visible to client ${boiler}` })).not.toBeChecked();

  // Deleting one asks first; two remain.
  await page.getByRole('button', { name: `Delete ${boiler}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Delete ${boiler}?`);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('table', { name: 'Documents' }).getByRole('row').filter({ hasText: tag })).toHaveCount(2);
  await expect(page.getByRole('link', { name: boiler })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Documents' }).getByRole('row').filter({ hasText: tag })).toHaveCount(2);

  // The file browser lists what is left of the upload (the deleted file was linked nowhere else).
  await page.goto(`${DEMO}/data/files`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('textbox', { name: 'Search' }).fill(tag);
  const files = page.getByRole('table', { name: 'Files' });
  await expect(files.getByRole('row').filter({ hasText: tag })).toHaveCount(2);
  await expect(files.getByRole('row').filter({ hasText: roof })).toContainText('Work orders');
  await expect(files.getByRole('row').filter({ hasText: quote })).toBeVisible();
  await expect(files.getByRole('row').filter({ hasText: boiler })).toHaveCount(0);
});
