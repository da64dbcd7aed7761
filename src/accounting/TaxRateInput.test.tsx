import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithApp } from '../test/renderWithApp';
import { preloadCache } from '../preload/preloadStore';
import { TaxRateInput } from './TaxRateInput';

const TAX_RATES = [
  { xtr_id: 1, name: '5% (VAT on Income)', effective_rate: 5, is_default: true },
  { xtr_id: 2, name: '20% (VAT on Income)', effective_rate: 20, is_default: false },
  { xtr_id: 3, name: 'Zero Rated Income', effective_rate: 0, is_default: false },
  { xtr_id: 4, name: 'No VAT', effective_rate: 0, is_default: false },
];

function Row({ initial, onRate }: { initial: string; onRate: (rate: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TaxRateInput
      value={value}
      onChange={(rate) => {
        setValue(rate);
        onRate(rate);
      }}
      ariaLabel="Tax rate % (row 1)"
      numeric={{ value, onChange: (e) => setValue(e.target.value), slotProps: { htmlInput: { 'aria-label': 'Tax rate % (row 1)' } } }}
    />
  );
}

describe('TaxRateInput', () => {
  afterEach(() => preloadCache.set({}));

  it("offers the brand's visible rates by name and rate, and stores the chosen rate's number", async () => {
    preloadCache.set({ globalparams: { tax_rates: TAX_RATES } });
    const onRate = vi.fn();
    await renderWithApp(<Row initial="5" onRate={onRate} />);
    const choice = screen.getByRole('combobox', { name: 'Tax rate % (row 1)' });
    expect(choice).toHaveTextContent('5% (VAT on Income) (5%)');
    fireEvent.mouseDown(choice);
    const list = within(await screen.findByRole('listbox'));
    expect(list.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '5% (VAT on Income) (5%)',
      '20% (VAT on Income) (20%)',
      'Zero Rated Income (0%)',
      'No VAT (0%)',
    ]);
    // Two rates of 0%: the one picked stays shown.
    fireEvent.click(list.getByRole('option', { name: 'No VAT (0%)' }));
    expect(onRate).toHaveBeenLastCalledWith('0');
    expect(screen.getByRole('combobox', { name: 'Tax rate % (row 1)' })).toHaveTextContent('No VAT (0%)');
  });

  it('keeps a stored rate no choice has as "other", and is the plain number input without tax rates', async () => {
    preloadCache.set({ globalparams: { tax_rates: TAX_RATES } });
    const { unmount } = await renderWithApp(<Row initial="17.5" onRate={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Tax rate % (row 1)' })).toHaveTextContent('Other rate (17.5%)');
    unmount();

    preloadCache.set({ globalparams: { tax_rates: [] } });
    await renderWithApp(<Row initial="20" onRate={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'Tax rate % (row 1)' });
    expect(input).toHaveValue('20');
    fireEvent.change(input, { target: { value: '12' } });
    expect(input).toHaveValue('12');
  });
});
