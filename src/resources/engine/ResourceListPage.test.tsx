import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { findResource } from '../../../core/resources/definitions';
import { createI18nProvider } from '../../i18n/i18nProvider';
import { ResourceList } from './ResourceListPage';

describe('a resource list', () => {
  it('keeps what the user typed in its search while react-admin still checks the session', async () => {
    let signedIn: () => void = () => undefined;
    const checked = new Promise<void>((resolve) => (signedIn = resolve));
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkError: async () => undefined,
      checkAuth: () => checked,
      getPermissions: async () => 'Admin',
    };
    const dataProvider = { getList: vi.fn(async () => ({ data: [], total: 0 })) } as unknown as DataProvider;
    render(
      <MemoryRouter initialEntries={['/data/contacts']}>
        <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={await createI18nProvider()} store={memoryStore()}>
          <ResourceList def={findResource('contacts')!} title="Contacts" />
        </AdminContext>
      </MemoryRouter>,
    );
    const search = await screen.findByLabelText('Search');
    fireEvent.change(search, { target: { value: 'Ha' } });
    signedIn();
    await checked;
    expect(await screen.findByText('At least 3 characters')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveValue('Ha'));
  });
});
