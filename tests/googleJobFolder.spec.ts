import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { providerControl, type ProviderControl } from '../providers/control';
import { createJob, openJobTab, uniqueTag } from './support/jobs';
import { DEMO, login } from './support/session';

/**
 * A user connects a sandbox Google account, gives a job a Drive folder of its own from the job's
 * Documents tab (on a phone-sized screen), sees a file put into that folder at Google and downloads
 * it, then unlinks the folder (which stays in Drive).
 */
test.use({ viewport: { width: 390, height: 844 } });

async function disconnectAll(page: Page): Promise<void> {
  const listed = await page.request.get(`${DEMO}/api/googleaccounts/list`);
  expect(listed.status()).toBe(200);
  for (const account of (await listed.json()).googleaccounts.data as { ga_id: number }[]) {
    const gone = await page.request.delete(`${DEMO}/api/googleaccounts/${account.ga_id}`, { headers: { origin: DEMO } });
    expect(gone.status()).toBe(200);
  }
}

test('a job gets a Drive folder from its Documents tab and lists the files put in it', async ({ page }) => {
  const email = `e2e-jobfolder-${Date.now()}@example.com`;
  let control: ProviderControl | null = null;
  await page.route(/\/oauth\/google\/authorize\?/, async (route) => {
    const url = new URL(route.request().url());
    control = providerControl(url.origin);
    url.searchParams.set('login_hint', email);
    await route.continue({ url: url.toString() });
  });
  await login(page, 'operator');
  await disconnectAll(page);
  const description = `Gutter survey ${uniqueTag('Drv')}`;
  const job = await createJob(page, { department: 'Roofing', description });

  // Without an account the tab says so instead of offering a folder.
  await openJobTab(page, 'Documents');
  const section = page.getByRole('region', { name: 'Google Drive folder' });
  await expect(section.getByText('Google login/connection is required!')).toBeVisible();

  await page.goto(`${DEMO}/google/dashboard`);
  await page.getByRole('button', { name: 'Connect a Google account' }).click();
  await page.waitForURL(`${DEMO}/google/dashboard`);
  await expect(page.getByRole('region', { name: email })).toBeVisible();
  expect(control).not.toBeNull();

  await page.goto(`${DEMO}/sheet/${job.id}/documents`);
  await expect(section.getByText('This job has no Google Drive folder yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Create a Drive folder' }).click();
  const folderName = `${job.number} ${description}`;
  const made = page.getByRole('region', { name: `Google Drive folder: ${folderName}` });
  await expect(made.getByText('The folder is empty.')).toBeVisible();
  await expect(made.getByText(`In the Google Drive of ${email}`, { exact: false })).toBeVisible();

  // The folder is at Google, in My Drive; a file added there shows on the tab.
  const drive = await control!.google.state(email);
  const folder = drive.files.find((f) => f.name === folderName) as { id: string; parents: string[] } | undefined;
  expect(folder?.parents).toEqual([drive.rootId]);
  await control!.google.addFile(email, { name: 'roof-photos.txt', mimeType: 'text/plain', parent: folder!.id, content: 'three photos' });
  await page.reload();
  const row = made.getByRole('row', { name: /roof-photos\.txt/ });
  await expect(row).toContainText('12 B');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const downloading = page.waitForEvent('download');
  await made.getByRole('link', { name: 'Download roof-photos.txt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('roof-photos.txt');
  expect(await readFile(await download.path(), 'utf8')).toBe('three photos');

  // Unlink asks first, then the job has no folder; Drive keeps it.
  await made.getByRole('button', { name: 'Unlink' }).click();
  await page
    .getByRole('dialog', { name: `Unlink ${folderName} from this job?` })
    .getByRole('button', { name: 'Unlink' })
    .click();
  await expect(section.getByText('This job has no Google Drive folder yet.')).toBeVisible();
  expect((await control!.google.state(email)).files.map((f) => f.id)).toContain(folder!.id);

  await disconnectAll(page);
});
