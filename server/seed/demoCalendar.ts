/**
 * The demo's dated data (mails, the schedule) is laid out on calendar days of the demo users' time
 * zone (the settings' default), counted from the seeding time, so that "today" and "yesterday"
 * hold something whatever the hour the demo was seeded at.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_SETTINGS } from '../../core/usersettings/userSettings';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEMO_TIME_ZONE: string = DEFAULT_SETTINGS.timezone;

/** The instant the calendar day `daysBack` days before `now`'s day begins in `zone` (daylight saving included). */
export function localDayStart(now: Date, daysBack = 0, zone = DEMO_TIME_ZONE): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now).split('-').map(Number);
  const civil = new Date(Date.UTC(y, m - 1, d - daysBack)).toISOString().slice(0, 10);
  return dayjs.tz(civil, zone).toDate();
}
