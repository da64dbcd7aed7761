import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, CreateBase, type DataProvider } from 'react-admin';
import { createI18nProvider } from '../i18n/i18nProvider';
import { jobsites } from '../../core/resources/definitions/jobsites';
import { ResourceForm } from '../resources/engine/ResourceForm';

const ROW_RULE = 'Select a property manager, site contact, operator or contact in each row, or delete the empty row';
const CLIENTS = [{ id: 7, co_id: 7, co_name: 'Harbour Lettings Ltd', co_type: 'CLIENT' }];

function fakeProvider() {
  const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { ...params.data, id: 1 } }));
  const provider = {
    getList: vi.fn(async () => ({ data: CLIENTS, total: CLIENTS.length })),
    getMany: vi.fn(async () => ({ data: CLIENTS })),
    getOne: vi.fn(),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create,
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
  } as unknown as DataProvider;
  return { provider, create };
}

async function renderSiteForm() {
  const { provider, create } = fakeProvider();
  const i18nProvider = await createI18nProvider();
  render(
    <MemoryRouter>
      <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
        <CreateBase resource="jobsites" redirect={false}>
          <ResourceForm def={jobsites} mode="create" writable />
        </CreateBase>
      </AdminContext>
    </MemoryRouter>,
  );
  await screen.findByRole('textbox', { name: /Address/ });
  return { create };
}

const block = (name: string) => screen.getByTestId(`relation-${name}`);

describe('job-site rows (SPEC.md point 5, site block)', () => {
  it('shows a client, property manager and site contact block, each starting without rows', async () => {
    await renderSiteForm();
    for (const [name, title] of [
      ['clients', 'Clients'],
      ['propertymanagers', 'Property managers'],
      ['sitecontacts', 'Site contacts'],
    ]) {
      expect(within(block(name)).getByText(title)).toBeInTheDocument();
      expect(within(block(name)).queryAllByRole('combobox')).toHaveLength(0);
    }
  });

  it('an empty row is refused with the rows message and its block is flagged; deleting the row lets the site save', async () => {
    const { create } = await renderSiteForm();
    fireEvent.change(screen.getByRole('textbox', { name: /Address/ }), { target: { value: '14 Wharf Road' } });
    fireEvent.click(within(block('clients')).getByRole('button', { name: 'Add' }));
    expect(await within(block('clients')).findByRole('combobox')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(block('clients')).findByText(ROW_RULE)).toBeInTheDocument();
    expect(block('clients')).toHaveAttribute('data-error', 'true');
    expect(within(block('clients')).getByText('This block has an error')).toBeInTheDocument();
    expect(block('propertymanagers')).toHaveAttribute('data-error', 'false');
    expect(create).not.toHaveBeenCalled();

    // The iterator shows a row's actions on hover; the button is there all the same.
    fireEvent.click(block('clients').querySelector<HTMLButtonElement>('button[aria-label="Remove"]')!);
    await waitFor(() => expect(within(block('clients')).queryAllByRole('combobox')).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][1].data).toMatchObject({ js_address: '14 Wharf Road', clients: [], propertymanagers: [], sitecontacts: [] });
  });

  it('a row with a selection passes and is sent with its lead flag', async () => {
    const { create } = await renderSiteForm();
    fireEvent.change(screen.getByRole('textbox', { name: /Address/ }), { target: { value: '2 Mill Lane' } });
    fireEvent.click(within(block('clients')).getByRole('button', { name: 'Add' }));
    const combo = await within(block('clients')).findByRole('combobox');
    fireEvent.focus(combo);
    fireEvent.change(combo, { target: { value: 'Harb' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Harbour Lettings Ltd' }));
    fireEvent.click(within(block('clients')).getByRole('switch', { name: 'Lead' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][1].data.clients).toEqual([{ co_id: 7, is_lead: true }]);
    expect(screen.queryByText(ROW_RULE)).toBeNull();
  });
});
