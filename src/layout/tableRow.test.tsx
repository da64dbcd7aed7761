import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { findResource } from '../../core/resources/definitions';
import { createI18nProvider } from '../i18n/i18nProvider';
import { ResourceList } from '../resources/engine/ResourceListPage';
import { lightTheme } from './theme';

describe('the table row of every list', () => {
  // Its own file: the row's code must not have been loaded by an earlier test.
  it('loads without hiding the page: the search box keeps its focus and what was typed when the first rows arrive', async () => {
    let answer: (rows: { data: object[]; total: number }) => void = () => undefined;
    const rows = new Promise<{ data: object[]; total: number }>((resolve) => (answer = resolve));
    const dataProvider = { getList: vi.fn(() => rows) } as unknown as DataProvider;
    const pageHidden = vi.fn();
    function PageFallback() {
      pageHidden();
      return <p>Loading the page</p>;
    }
    render(
      <MemoryRouter initialEntries={['/data/contacts']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={await createI18nProvider()} store={memoryStore()} theme={lightTheme}>
          <Suspense fallback={<PageFallback />}>
            <ResourceList def={findResource('contacts')!} title="Contacts" />
          </Suspense>
        </AdminContext>
      </MemoryRouter>,
    );
    const search = await screen.findByLabelText('Search');
    await userEvent.type(search, 'Ann');
    answer({ data: [{ id: 1, co_id: 1, co_name: 'Ann Example' }], total: 1 });

    expect(await screen.findByRole('cell', { name: 'Ann Example' })).toBeVisible();
    expect(pageHidden).not.toHaveBeenCalled();
    expect(search).toBeVisible();
    expect(search).toHaveFocus();
    expect(search).toHaveValue('Ann');
  });
});
