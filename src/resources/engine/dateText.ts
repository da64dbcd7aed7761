/** Wire dates are 'YYYY-MM-DD HH:mm:ss' in UTC (API.md); the screen shows local time. */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export const DEFAULT_DATE_FORMAT = 'DD/MM/YYYY HH:mm:ss';

export function formatWireDate(value: unknown, format: string = DEFAULT_DATE_FORMAT): string {
  if (typeof value !== 'string' || value === '') return '';
  const parsed = dayjs.utc(value.replace(' ', 'T'));
  return parsed.isValid() ? parsed.local().format(format) : value;
}

/** A date-only input goes out as 12:00 so no time zone can move it to another day. */
export function dateInputToWire(value: string | null | undefined): string | null {
  return value ? `${value.slice(0, 10)} 12:00:00` : null;
}

export function wireToDateInput(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}
