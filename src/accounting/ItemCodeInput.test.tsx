import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { ItemChoice } from '../../core/accounting/constants';
import { allFeatures } from '../../core/brand/types';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { renderWithApp, testBrand } from '../test/renderWithApp';
import { descriptionFor, ItemCodeInput, priceFor } from './ItemCodeInput';

const ITEMS: ItemChoice[] = [
  { xi_id: 1, code: 'TAP-MIX', name: 'Mixer tap', description: 'Chrome mixer tap', unit_price: 89.5 },
  { xi_id: 2, code: 'SVC-CALL', name: 'Call-out', description: null, unit_price: null },
];
const operator = { is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'Olli', settings: { language: 'en-US' } } as CurrentUser;

function Row({ initialDescription = '' }: { initialDescription?: string }) {
  const [row, setRow] = useState({ item_code: '', description: initialDescription });
  return (
    <>
      <ItemCodeInput
        value={row.item_code}
        onChange={(code) => setRow({ ...row, item_code: code })}
        onPick={(item) => setRow({ item_code: item.code, description: descriptionFor(item, row.description) })}
        plain={{
          value: row.item_code,
          onChange: (e) => setRow({ ...row, item_code: e.target.value }),
          slotProps: { htmlInput: { 'aria-label': 'Item (row 1)' } },
        }}
        ariaLabel="Item (row 1)"
      />
      <output aria-label="description">{row.description}</output>
    </>
  );
}

describe('ItemCodeInput', () => {
  afterEach(() => resetAuthState());

  it("offers the brand's items as the operator types and fills the code and an empty description from the one picked", async () => {
    setAuthenticated(operator);
    const provider = { itemChoices: vi.fn(async (q: string) => ITEMS.filter((i) => i.code.toLowerCase().includes(q.toLowerCase()))) };
    await renderWithApp(<Row />, { dataProvider: provider });
    const box = screen.getByRole('combobox', { name: 'Item (row 1)' });
    fireEvent.change(box, { target: { value: 'tap' } });
    await waitFor(() => expect(provider.itemChoices).toHaveBeenLastCalledWith('tap', expect.anything()));
    fireEvent.click(await screen.findByRole('option', { name: 'TAP-MIX – Mixer tap' }));
    expect(screen.getByRole('combobox', { name: 'Item (row 1)' })).toHaveValue('TAP-MIX');
    expect(screen.getByLabelText('description')).toHaveTextContent('Chrome mixer tap');
  });

  it('keeps a description already written, and takes any code typed that no item has', async () => {
    setAuthenticated(operator);
    const provider = { itemChoices: vi.fn(async () => ITEMS) };
    await renderWithApp(<Row initialDescription="Kitchen tap, fitted" />, { dataProvider: provider });
    const box = screen.getByRole('combobox', { name: 'Item (row 1)' });
    fireEvent.change(box, { target: { value: 'S' } });
    fireEvent.click(await screen.findByRole('option', { name: 'SVC-CALL – Call-out' }));
    expect(screen.getByLabelText('description')).toHaveTextContent('Kitchen tap, fitted');
    fireEvent.change(screen.getByRole('combobox', { name: 'Item (row 1)' }), { target: { value: 'MY-OWN' } });
    expect(screen.getByRole('combobox', { name: 'Item (row 1)' })).toHaveValue('MY-OWN');
  });

  it('is the plain text box where the brand has no accounting, asking nothing', async () => {
    setAuthenticated(operator);
    const provider = { itemChoices: vi.fn(async () => ITEMS) };
    const features = allFeatures(true);
    await renderWithApp(<Row />, { dataProvider: provider, brand: testBrand({ ...features, job: { ...features.job, xero: false } }) });
    const box = screen.getByRole('textbox', { name: 'Item (row 1)' });
    fireEvent.change(box, { target: { value: 'ANY' } });
    expect(box).toHaveValue('ANY');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(provider.itemChoices).not.toHaveBeenCalled();
  });

  it('describes a picked item by its description, else its name', () => {
    expect(descriptionFor(ITEMS[0], '')).toBe('Chrome mixer tap');
    expect(descriptionFor(ITEMS[1], '  ')).toBe('Call-out');
    expect(descriptionFor(ITEMS[1], 'Mine')).toBe('Mine');
  });

  it("prices a row without a price yet at the item's price, and keeps a price typed or an item without one", () => {
    expect(priceFor(ITEMS[0], '0')).toBe('89.50');
    expect(priceFor(ITEMS[0], '')).toBe('89.50');
    expect(priceFor(ITEMS[0], '0.00')).toBe('89.50');
    expect(priceFor(ITEMS[0], '70')).toBe('70');
    expect(priceFor(ITEMS[1], '0')).toBe('0');
  });
});
