/**
 * Wire dates (UTC) as wall-clock times in the user's time-zone setting, for widgets that only know
 * UTC or the browser's zone. FullCalendar runs with timeZone 'UTC' and is given the zone's wall
 * clock as offset-less text, so it shows the user's zone whatever zone the browser is in; the dates
 * it hands back are read the same way.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

const WIRE = 'YYYY-MM-DD HH:mm:ss';
const WALL = 'YYYY-MM-DDTHH:mm:ss';

/** '2026-12-31 14:00:00' (UTC) in America/New_York → '2026-12-31T09:00:00'. */
export function wireToWallClock(wire: string | null | undefined, zone: string): string | undefined {
  if (!wire) return undefined;
  const d = dayjs.utc(wire.replace(' ', 'T'));
  return d.isValid() ? d.tz(zone).format(WALL) : undefined;
}

/** A UTC-coerced Date from the calendar (its UTC fields are the zone's wall clock) → the wire date. */
export function wallClockToWire(date: Date | null, zone: string): string | null {
  if (!date) return null;
  return dayjs.tz(dayjs.utc(date).format(WALL), zone).utc().format(WIRE);
}

/** Now, as the zone's wall clock in a UTC-coerced Date (the calendar's today and now line). */
export function wallClockNow(zone: string, now: Date = new Date()): string {
  return dayjs(now).tz(zone).format(WALL);
}
