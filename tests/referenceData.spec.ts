import { expect, test, type Page } from '@playwright/test';
import { DEMO, login, menu } from './support/session';
import { openCreate } from './support/lists';

/** Picks the first option of the autocomplete in the last row of a relation block. */
async function pickInBlock(page: Page, block: string, text: string) {
  const group = page.getByRole('group', { name: block });
  await group.getByRole('button', { name: 'Add' }).click();
  const combo = group.getByRole('combobox').last();
  await combo.fill(text);
  await page.getByRole('option', { name: text }).click();
}

async function createSimple(page: Page, path: string, name: string) {
  await page.goto(`${DEMO}${path}`);
  // A first refused save also waits until the form is ready for typing.
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByText('Field is required!')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill('');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /created/i })
      .first(),
  ).toBeVisible();
}

test('an admin creates a contact and a site with a client, a property manager and a site contact, finds, edits and reloads it', async ({ page }) => {
  const tag = Date.now().toString(36).slice(-5);
  const client = `Wharfside Lettings ${tag}`;
  const manager = `Priya Manager ${tag}`;
  const siteContact = `Tom Tenant ${tag}`;
  const address = `${tag} Harbour Walk`;
  await login(page, 'admin');

  await menu(page).getByRole('link', { name: 'Contacts', exact: true }).click();
  await expect(page).toHaveURL(`${DEMO}/data/contacts`);
  await openCreate(page);
  // The rates note is mandatory while rates are special.
  await page.getByRole('switch', { name: 'Special rates' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Field is required!')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Name' }).fill(client);
  await page.getByRole('textbox', { name: 'Rates note' }).fill('Weekend work at +20%');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /created/i })
      .first(),
  ).toBeVisible();

  await createSimple(page, '/data/property-manager', manager);
  await createSimple(page, '/data/site-contact', siteContact);

  await menu(page).getByRole('link', { name: 'Sites', exact: true }).click();
  await openCreate(page);
  // An empty row is refused and its block flagged.
  await page.getByRole('group', { name: 'Clients' }).getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('textbox', { name: 'Address' }).fill(address);
  await page.getByRole('textbox', { name: 'Town or city' }).fill('Bristol');
  await expect(page.getByText('Select a property manager, site contact, operator or contact in each row, or delete the empty row')).toBeVisible();
  await expect(page.getByText('This block has an error')).toBeVisible();
  const clients = page.getByRole('group', { name: 'Clients' });
  await clients.getByRole('combobox').fill(client.slice(0, 12));
  await page.getByRole('option', { name: client }).click();
  await pickInBlock(page, 'Property managers', manager);
  await pickInBlock(page, 'Site contacts', siteContact);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /created/i })
      .first(),
  ).toBeVisible();

  await page.goto(`${DEMO}/data/sites`);
  const search = page.getByLabel('Search', { exact: true });
  await search.fill('Ha');
  await expect(page.getByText('At least 3 characters')).toBeVisible();
  await search.fill(tag);
  // The list shows the site's clients and property managers.
  await expect(page.getByRole('cell', { name: client, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: manager, exact: true })).toBeVisible();
  await page.getByRole('cell', { name: address, exact: true }).click();
  await expect(page).toHaveURL(/\/data\/site\/\d+$/);
  await expect(page.getByRole('group', { name: 'Clients' }).getByRole('combobox')).toHaveValue(client);
  await expect(page.getByRole('group', { name: 'Property managers' }).getByRole('combobox')).toHaveValue(manager);

  // Site notes are added beside the form.
  await page.getByRole('textbox', { name: 'New note' }).fill('Keys with the concierge');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Keys with the concierge')).toBeVisible();

  await page.getByRole('textbox', { name: 'Town or city' }).fill('Bath');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /updated/i })
      .first(),
  ).toBeVisible();
  await page.goto(`${DEMO}/data/sites`);
  await page.getByLabel('Search', { exact: true }).fill(tag);
  await page.getByRole('cell', { name: address, exact: true }).click();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Town or city' })).toHaveValue('Bath');
  await expect(page.getByRole('group', { name: 'Site contacts' }).getByRole('combobox')).toHaveValue(siteContact);
  await expect(page.getByText('Keys with the concierge')).toBeVisible();

  // The contact shows its sites.
  await page.goto(`${DEMO}/data/contacts`);
  await page.getByLabel('Search', { exact: true }).fill(tag);
  await page.getByRole('cell', { name: client, exact: true }).click();
  await expect(page.getByRole('region', { name: 'Sites of this contact' }).getByRole('link', { name: address })).toBeVisible();
});
