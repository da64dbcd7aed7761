import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CreateParams, GetListParams } from 'ra-core';
import { allFeatures } from '../../../core/brand/types';
import { resetAuthState, setAuthenticated } from '../../auth/authStore';
import { renderWithApp, testBrand } from '../../test/renderWithApp';
import { ReferencePicker } from '../../pickers/ReferencePicker';
import { REFERENCES } from '../../pickers/references';
import { NewClientDialog } from './NewClientDialog';

// A brand with accounting off (Acme): the Contacts page is closed, the job form's clients are not.
const noAccounting = () => {
  const features = allFeatures(true);
  return testBrand({ ...features, job: { ...features.job, xero: false } });
};

const operator = () => setAuthenticated({ is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'O', settings: {} });

describe('the job form creates a client where there is no Contacts page', () => {
  afterEach(() => resetAuthState());

  it('offers "New client…" after the matches with what was typed, but not while the text is too short', async () => {
    operator();
    const provider = {
      getList: vi.fn(async (_r: string, p: GetListParams) => ({
        data: p.filter.q ? [] : [{ id: 1, co_id: 1, co_name: 'Existing Client' }],
        total: p.filter.q ? 0 : 1,
      })),
      getMany: vi.fn(async () => ({ data: [] })),
    };
    const onCreate = vi.fn();
    await renderWithApp(
      <ReferencePicker reference={REFERENCES.jobClient} label="Client" value={null} onChange={() => undefined} create={{ label: 'New client…', onCreate }} />,
      { dataProvider: provider, brand: noAccounting() },
    );
    const box = screen.getByRole('combobox', { name: 'Client' });
    box.focus();
    fireEvent.mouseDown(box);
    await screen.findByRole('option', { name: 'Existing Client' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Existing Client', 'New client…']);
    expect(provider.getList.mock.calls[0][0]).toBe('jobclients');

    fireEvent.change(box, { target: { value: 'Ha' } });
    expect(await screen.findByText('At least 3 characters')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'New client…' })).toBeNull();

    fireEvent.change(box, { target: { value: 'Harbour' } });
    fireEvent.click(await screen.findByRole('option', { name: 'New client…' }));
    expect(onCreate).toHaveBeenCalledWith('Harbour');
  }, 30_000);

  it('checks the fields before sending, then creates the client and hands it back to be chosen', async () => {
    operator();
    const create = vi.fn(async (_r: string, p: CreateParams) => ({ data: { id: 77, co_id: 77, ...p.data } }));
    const onCreated = vi.fn();
    await renderWithApp(<NewClientDialog open initialName=" Harbour Lettings " onClose={() => undefined} onCreated={onCreated} />, {
      dataProvider: { create },
      brand: noAccounting(),
    });
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Harbour Lettings');
    expect(name).toHaveFocus();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'office@harbour.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create client' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 77, name: 'Harbour Lettings' }));
    expect(create).toHaveBeenCalledWith(
      'jobclients',
      expect.objectContaining({ data: expect.objectContaining({ co_name: 'Harbour Lettings', co_email: 'office@harbour.test' }) }),
    );
  }, 30_000);
});
