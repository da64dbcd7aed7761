import { describe, expect, it } from 'vitest';
import { dateGrouper, safeTimeZone } from '../../../core/mail/client/dateGroups';
import { withGroupHeaders } from './listItems';
import type { MailListRow } from '../../../core/mail/client/types';

describe('mail date groups', () => {
  // Wednesday 18 November 2026, 10:00 in London.
  const group = dateGrouper(new Date('2026-11-18T10:00:00Z'), 'Europe/London');

  it('puts each date in its group on calendar days, weeks from Monday', () => {
    expect(group('2026-11-18T00:30:00Z')).toBe('today');
    expect(group('2026-11-19T08:00:00Z')).toBe('today');
    expect(group('2026-11-17T23:59:00Z')).toBe('yesterday');
    expect(group('2026-11-16T06:00:00Z')).toBe('thisWeek');
    expect(group('2026-11-15T12:00:00Z')).toBe('lastWeek');
    expect(group('2026-11-09T00:10:00Z')).toBe('lastWeek');
    expect(group('2026-11-08T12:00:00Z')).toBe('twoWeeksAgo');
    expect(group('2026-11-02T12:00:00Z')).toBe('twoWeeksAgo');
    expect(group('2026-11-01T12:00:00Z')).toBe('older');
    expect(group(null)).toBe('older');
  });

  it("uses the user's time zone", () => {
    const budapest = dateGrouper(new Date('2026-11-18T23:30:00Z'), 'Europe/Budapest');
    // 00:30 on the 19th in Budapest: 23:10 UTC is already today there, 22:00 UTC yesterday.
    expect(budapest('2026-11-18T23:10:00Z')).toBe('today');
    expect(budapest('2026-11-18T22:00:00Z')).toBe('yesterday');
    expect(group('2026-11-18T23:10:00Z')).toBe('today');
    expect(safeTimeZone('Mars/Base')).toBe('UTC');
  });

  it('adds a header before the first mail of each group', () => {
    const row = (ma_id: number, date_group: MailListRow['date_group']) => ({ ma_id, date_group }) as MailListRow;
    const items = withGroupHeaders([row(1, 'today'), row(2, 'today'), row(3, 'older')]);
    expect(items.map((i) => (i.kind === 'group' ? i.group : i.row.ma_id))).toEqual(['today', 1, 2, 'older', 3]);
  });
});
