import { describe, expect, it } from 'vitest';
import { dayOf, dayjsLocale, pickerFormats } from './pickerFormat';

describe('the pickers follow the user’s date format and the UI language', () => {
  it('takes the date part of the date format, minutes for a date-time', () => {
    expect(pickerFormats('DD/MM/YYYY HH:mm:ss')).toEqual({ date: 'DD/MM/YYYY', dateTime: 'DD/MM/YYYY HH:mm' });
    expect(pickerFormats('MM/DD/YYYY HH:mm:ss').date).toBe('MM/DD/YYYY');
    expect(pickerFormats('YYYY.MM.DD. HH:mm:ss').date).toBe('YYYY.MM.DD.');
  });

  it('falls back to the default for an unset or unusable format', () => {
    expect(pickerFormats(undefined).date).toBe('DD/MM/YYYY');
    expect(pickerFormats('HH:mm').date).toBe('DD/MM/YYYY');
  });

  it('maps the UI languages to dayjs locales', () => {
    expect([dayjsLocale('en-US'), dayjsLocale('en-GB'), dayjsLocale('hu-HU')]).toEqual(['en', 'en-gb', 'hu']);
  });

  it('keeps the day of a wire date', () => {
    expect(dayOf('2027-03-05 12:00:00')).toBe('2027-03-05');
    expect(dayOf('')).toBe('');
    expect(dayOf(null)).toBe('');
  });
});
