import { describe, expect, it } from 'vitest';
import { isDay, localToWire, mondayOf, shiftedEnd, weekDays, wireToLocal } from './week';

describe('the dispatch week', () => {
  it('starts on the Monday of the given day and has seven days', () => {
    expect(mondayOf('2027-03-10')).toBe('2027-03-08');
    expect(mondayOf('2027-03-14')).toBe('2027-03-08');
    expect(mondayOf('2027-03-08')).toBe('2027-03-08');
    expect(weekDays('2027-03-08')).toEqual(['2027-03-08', '2027-03-09', '2027-03-10', '2027-03-11', '2027-03-12', '2027-03-13', '2027-03-14']);
  });

  it('accepts only real days', () => {
    expect(isDay('2027-02-28')).toBe(true);
    expect(isDay('2027-02-30')).toBe(false);
    expect(isDay('10/03/2027')).toBe(false);
  });

  it("turns the user's local time into UTC and back, summer time included", () => {
    expect(localToWire('2027-07-05', '09:00', 'Europe/London')).toBe('2027-07-05 08:00:00');
    expect(localToWire('2027-01-05', '09:00', 'Europe/Budapest')).toBe('2027-01-05 08:00:00');
    expect(wireToLocal('2027-07-05 08:00:00', 'Europe/London')).toEqual({ day: '2027-07-05', time: '09:00', hour: 9 });
  });

  it('keeps the length of a moved visit; a visit without times lasts two hours', () => {
    expect(shiftedEnd('2027-03-10 08:00:00', '2027-03-10 11:30:00', '2027-03-12 13:00:00')).toBe('2027-03-12 16:30:00');
    expect(shiftedEnd(null, null, '2027-03-12 13:00:00')).toBe('2027-03-12 15:00:00');
  });
});
