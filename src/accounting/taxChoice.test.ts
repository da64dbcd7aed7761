import { describe, expect, it } from 'vitest';
import { choiceFor, defaultRateText, rateText } from './taxChoice';
import { syncMessage, toggleChosen } from './syncMessage';

const rates = [
  { xtr_id: 1, name: '20% (VAT on Income)', effective_rate: 20, is_default: false },
  { xtr_id: 2, name: 'Zero Rated Income', effective_rate: 0, is_default: false },
  { xtr_id: 3, name: 'Exempt Income', effective_rate: 0, is_default: true },
  { xtr_id: 4, name: 'Reduced', effective_rate: 17.5, is_default: false },
];

describe('the rows’ tax choice', () => {
  it('starts a new row at the default rate, else the first choice, else the numeric fallback', () => {
    expect(defaultRateText(rates, '20')).toBe('0');
    expect(defaultRateText([rates[0], rates[3]], '15')).toBe('20');
    expect(defaultRateText([], '20')).toBe('20');
  });

  it('writes rates without trailing zeros', () => {
    expect([rateText(20), rateText(17.5), rateText(0), rateText(12.34567)]).toEqual(['20', '17.5', '0', '12.3457']);
  });

  it('shows a stored rate as the choice picked last, else the default, else the first match, else none', () => {
    expect(choiceFor(rates, '0', 2)?.xtr_id).toBe(2);
    expect(choiceFor(rates, '0.00')?.xtr_id).toBe(3);
    expect(choiceFor(rates, '20.00', 3)?.xtr_id).toBe(1);
    expect(choiceFor(rates, '17.50')?.xtr_id).toBe(4);
    expect(choiceFor(rates, '12')).toBeNull();
    expect(choiceFor(rates, '')).toBeNull();
  });
});

describe('the sync-status list', () => {
  const translate = (key: string) => (key === 'xeroCodes.XE_CONN_ERR' ? 'Connection error.' : key);

  it('shows an XE code’s text in the user’s language, and a stored text for anything else', () => {
    expect(syncMessage({ error_code: 'XE_CONN_ERR', error_text: 'socket hang up' }, translate)).toBe('Connection error.');
    expect(syncMessage({ error_code: 'OTHER', error_text: 'Validation: Email' }, translate)).toBe('Validation: Email');
    expect(syncMessage({ error_code: null, error_text: null }, translate)).toBe('');
  });

  it('toggles one row, or all of the page (none once all are chosen)', () => {
    expect(toggleChosen([1], [1, 2, 3], 2)).toEqual([1, 2]);
    expect(toggleChosen([1, 2], [1, 2, 3], 2)).toEqual([1]);
    expect(toggleChosen([1, 9], [1, 2, 3], null)).toEqual([1, 9, 2, 3]);
    expect(toggleChosen([1, 2, 3, 9], [1, 2, 3], null)).toEqual([9]);
    expect(toggleChosen([], [], null)).toEqual([]);
  });
});
