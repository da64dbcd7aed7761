/**
 * The board's week and times, in the user's time zone (both sides: the server bounds its query by
 * them, the SPA places visits and turns a dropped cell into a wire time).
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { JobStatus } from '../enums';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Jobs in these statuses wait to be dispatched. */
export const DISPATCHABLE_STATUSES: JobStatus[] = ['APPROVED', 'BOOKED', 'IN_PROGRESS'];
/** The length of a visit made from a job that had no times. */
export const DEFAULT_VISIT_HOURS = 2;
/** The hours a lane shows, from the first to the last start hour. */
export const FIRST_HOUR = 7;
export const LAST_HOUR = 18;
export const UNSCHEDULED_PAGE_SIZE = 20;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: unknown): value is string {
  return typeof value === 'string' && DAY.test(value) && dayjs.utc(value).format('YYYY-MM-DD') === value;
}

/** The Monday of the week `day` falls in. */
export function mondayOf(day: string): string {
  const d = dayjs.utc(day);
  return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

export function addDays(day: string, n: number): string {
  return dayjs.utc(day).add(n, 'day').format('YYYY-MM-DD');
}

export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Today in the zone. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return dayjs(now).tz(zone).format('YYYY-MM-DD');
}

/** A local day and time ('HH:mm') in the zone as a wire date (UTC). */
export function localToWire(day: string, time: string, zone: string): string {
  return dayjs.tz(`${day} ${time}`, 'YYYY-MM-DD HH:mm', zone).utc().format('YYYY-MM-DD HH:mm:ss');
}

/** A wire date as the zone's day, time and hour. */
export function wireToLocal(wire: string, zone: string): { day: string; time: string; hour: number } {
  const d = dayjs.utc(wire.replace(' ', 'T')).tz(zone);
  return { day: d.format('YYYY-MM-DD'), time: d.format('HH:mm'), hour: d.hour() };
}

/** Moves a visit to a new start keeping its length; a visit with no end gets the default length. */
export function shiftedEnd(oldStart: string | null, oldEnd: string | null, newStart: string): string {
  const start = dayjs.utc(newStart.replace(' ', 'T'));
  const length = oldStart && oldEnd ? dayjs.utc(oldEnd.replace(' ', 'T')).diff(dayjs.utc(oldStart.replace(' ', 'T'))) : DEFAULT_VISIT_HOURS * 3_600_000;
  return start.add(Math.max(length, 0), 'millisecond').format('YYYY-MM-DD HH:mm:ss');
}
