import { expect, type Page } from '@playwright/test';
import { DEMO } from './session';

/** A short tag that makes this run's records findable by free text. */
export const uniqueTag = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

/** Picks an option of a labelled autocomplete: the one named `option`, or the first one offered. */
export async function pickOption(page: Page, label: string, option?: string): Promise<string> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  if (option) await box.fill(option);
  const choice = option ? page.getByRole('option', { name: option, exact: true }) : page.getByRole('option').first();
  const text = (await choice.innerText()).trim();
  await choice.click();
  return text;
}

export interface NewJob {
  department: string;
  description: string;
  client?: string;
  /** Pick the first site offered when true. */
  site?: boolean;
  /** Full names of the assigned users. */
  assigned?: string[];
}

export interface CreatedJob {
  id: number;
  number: string;
  site: string | null;
}

/** Creates a job through /sheet → "New job" as the signed-in staff user; answers its id and number. */
export async function createJob(page: Page, job: NewJob): Promise<CreatedJob> {
  await page.goto(`${DEMO}/sheet`);
  await page.getByRole('button', { name: 'New job' }).click();
  await expect(page).toHaveURL(/\/sheet\/new\/details$/);
  await expect(page.getByTestId('job-heading')).toHaveText('Draft (no number yet)');
  // The pick lists arrive after the form; type into a settled page.
  await page.waitForLoadState('networkidle');
  await pickOption(page, 'Department', job.department);
  if (job.client) await pickOption(page, 'Client', job.client);
  const site = job.site ? await pickOption(page, 'Site') : null;
  for (const name of job.assigned ?? []) await pickOption(page, 'Assigned users', name);
  await page.getByRole('textbox', { name: 'Description' }).fill(job.description);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/sheet\/\d+\/details$/);
  const id = Number(/\/sheet\/(\d+)\/details$/.exec(page.url())![1]);
  const heading = page.getByTestId('job-heading');
  await expect(heading).not.toHaveText('Draft (no number yet)');
  await expect(heading).not.toHaveText('');
  const number = (await heading.innerText()).trim();
  return { id, number, site };
}

/** Opens a tab of the job item and waits until its data has arrived. */
export async function openJobTab(page: Page, name: 'Job details' | 'Schedule' | 'Sales' | 'Costs' | 'E-mails' | 'Documents') {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.waitForLoadState('networkidle');
}
