/**
 * The mail date groups of SPEC.md point 3 (today, yesterday, this week, last week, two weeks ago,
 * older), decided on calendar days in the user's time zone; weeks start on Monday.
 */
export const DATE_GROUPS = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'twoWeeksAgo', 'older'] as const;
export type DateGroup = (typeof DATE_GROUPS)[number];

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of the calendar day `d` falls on in `timeZone`. */
function localDayNumber(d: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(d);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Math.floor(Date.UTC(get('year'), get('month') - 1, get('day')) / DAY_MS);
}

/** Monday-based weekday: 0 = Monday ... 6 = Sunday (day 0 of the epoch was a Thursday). */
const weekday = (day: number) => (day + 3) % 7;

export function safeTimeZone(tz: unknown): string {
  if (typeof tz !== 'string' || !tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

/** A grouper for one `now` and zone (the formatter work is done once per day number). */
export function dateGrouper(now: Date, timeZone: string): (date: Date | string | null) => DateGroup {
  const zone = safeTimeZone(timeZone);
  const today = localDayNumber(now, zone);
  const weekStart = today - weekday(today);
  return (date) => {
    if (!date) return 'older';
    const d = typeof date === 'string' ? new Date(date) : date;
    if (Number.isNaN(d.getTime())) return 'older';
    const day = localDayNumber(d, zone);
    if (day >= today) return 'today';
    if (day === today - 1) return 'yesterday';
    if (day >= weekStart) return 'thisWeek';
    if (day >= weekStart - 7) return 'lastWeek';
    if (day >= weekStart - 14) return 'twoWeeksAgo';
    return 'older';
  };
}
