import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GetListParams, GetManyParams } from 'ra-core';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { renderWithApp } from '../test/renderWithApp';
import { ReferencePicker } from './ReferencePicker';
import { REFERENCES } from './references';

// 600 clients: the server answers pages of them, searched by the typed text (as contacts/filter does).
const CLIENTS = Array.from({ length: 600 }, (_, i) => ({ id: i + 1, co_id: i + 1, co_name: `Client ${String(i + 1).padStart(4, '0')}`, co_type: 'CLIENT' }));

function serverLike() {
  return {
    getList: vi.fn(async (_resource: string, params: GetListParams) => {
      const q = typeof params.filter.q === 'string' ? params.filter.q.toLowerCase() : '';
      const matches = CLIENTS.filter((c) => c.co_name.toLowerCase().includes(q));
      const { page, perPage } = params.pagination!;
      return { data: matches.slice((page - 1) * perPage, page * perPage), total: matches.length };
    }),
    getMany: vi.fn(async (_resource: string, params: GetManyParams) => ({ data: CLIENTS.filter((c) => params.ids.includes(c.id)) })),
  };
}

describe('reference pickers search the server', () => {
  afterEach(() => resetAuthState());

  it('finds a client beyond the first 500 by what the user types, and never sends one or two characters', async () => {
    setAuthenticated({ is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'O', settings: {} });
    const provider = serverLike();
    const onChange = vi.fn();
    await renderWithApp(<ReferencePicker reference={REFERENCES.client} label="Client" value={null} onChange={onChange} />, { dataProvider: provider });
    const box = screen.getByRole('combobox', { name: 'Client' });
    expect(provider.getList).not.toHaveBeenCalled();

    box.focus();
    fireEvent.mouseDown(box);
    await screen.findByRole('option', { name: 'Client 0001' });
    expect(screen.getAllByRole('option')).toHaveLength(25);
    expect(screen.queryByRole('option', { name: 'Client 0555' })).toBeNull();

    fireEvent.change(box, { target: { value: '05' } });
    expect(await screen.findByText('At least 3 characters')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '0555' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Client 0555' }));
    expect(onChange).toHaveBeenCalledWith(555);

    const asked = provider.getList.mock.calls.map(([resource, params]) => ({ resource, filter: params.filter }));
    expect(asked).toContainEqual({ resource: 'contacts', filter: { co_type: 'CLIENT', q: '0555' } });
    expect(asked.map((a) => a.filter.q)).not.toContain('05');
  }, 30_000);

  it("shows the chosen record's name by asking for that one record, without loading the list", async () => {
    setAuthenticated({ is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'O', settings: {} });
    const provider = serverLike();
    await renderWithApp(<ReferencePicker reference={REFERENCES.client} label="Client" value={542} onChange={() => undefined} />, { dataProvider: provider });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Client 0542'));
    expect(provider.getMany).toHaveBeenCalledWith('contacts', expect.objectContaining({ ids: [542] }));
    expect(provider.getList).not.toHaveBeenCalled();
  }, 30_000);
});
