/**
 * Wire dates are 'YYYY-MM-DD HH:mm:ss' in UTC (API.md). Every date the SPA shows goes through
 * formatWireDate, in the signed-in user's time-zone setting (SPEC.md: default Europe/London), never
 * the browser's: the same job reads 09:00 in London whichever machine shows it.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { DEFAULT_SETTINGS } from '../../../core/usersettings/userSettings';
import { currentUser } from '../../auth/authStore';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_DATE_FORMAT = 'DD/MM/YYYY HH:mm:ss';

/** Zones this browser was asked about: building a formatter to find out is dear, and every date shown asks. */
const knownZones = new Map<string, boolean>();

function browserKnows(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
}

/** The user's time-zone setting, or the default when unset or not a zone this browser knows. */
export function displayTimeZone(): string {
  const zone = currentUser()?.settings.timezone;
  return zone && browserKnows(zone) ? zone : DEFAULT_SETTINGS.timezone;
}

export function formatWireDate(value: unknown, format: string = DEFAULT_DATE_FORMAT, timeZone: string = displayTimeZone()): string {
  if (typeof value !== 'string' || value === '') return '';
  const parsed = dayjs.utc(value.replace(' ', 'T'));
  return parsed.isValid() ? parsed.tz(timeZone).format(format) : value;
}

/** A date-only input goes out as 12:00 so no time zone can move it to another day. */
export function dateInputToWire(value: string | null | undefined): string | null {
  return value ? `${value.slice(0, 10)} 12:00:00` : null;
}

export function wireToDateInput(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}
