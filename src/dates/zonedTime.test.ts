import { describe, expect, it } from 'vitest';
import { wallClockNow, wallClockToWire, wireToWallClock } from './zonedTime';

describe('wire dates as wall clock in the user’s time zone (the calendar’s times)', () => {
  it('shows a 14:00 UTC job at 09:00 in New York and 14:00 in London in winter', () => {
    expect(wireToWallClock('2026-12-31 14:00:00', 'America/New_York')).toBe('2026-12-31T09:00:00');
    expect(wireToWallClock('2026-12-31 14:00:00', 'Europe/London')).toBe('2026-12-31T14:00:00');
  });

  it('crosses the day line the way the zone does', () => {
    expect(wireToWallClock('2026-12-31 20:00:00', 'Asia/Tokyo')).toBe('2027-01-01T05:00:00');
  });

  it('turns a time dropped on the calendar back into the same wire date', () => {
    const dropped = new Date('2026-07-01T09:30:00Z'); // 09:30 on the calendar's (UTC-coerced) clock
    expect(wallClockToWire(dropped, 'America/New_York')).toBe('2026-07-01 13:30:00');
    expect(wallClockToWire(dropped, 'Europe/London')).toBe('2026-07-01 08:30:00');
    expect(wallClockToWire(null, 'Europe/London')).toBeNull();
  });

  it('gives the zone’s now as wall clock', () => {
    expect(wallClockNow('America/New_York', new Date('2026-12-31T14:00:00Z'))).toBe('2026-12-31T09:00:00');
  });
});
