/**
 * What the date pickers show, from the user's settings (SPEC.md point 3): the date part of their
 * date format, and dayjs's locale for the UI language (week start, month names).
 */
import { DEFAULT_SETTINGS } from '../../core/usersettings/userSettings';

export interface PickerFormats {
  date: string;
  dateTime: string;
}

/** 'DD/MM/YYYY HH:mm:ss' → DD/MM/YYYY for a date and DD/MM/YYYY HH:mm for a date-time (the pickers type minutes, not seconds). */
export function pickerFormats(dateFormat: string | undefined): PickerFormats {
  const [date] = (dateFormat || DEFAULT_SETTINGS.dateFormat).trim().split(/\s+/);
  const known = /YYYY/.test(date) && /MM/.test(date) && /DD/.test(date);
  const datePart = known ? date : DEFAULT_SETTINGS.dateFormat.split(' ')[0];
  return { date: datePart, dateTime: `${datePart} HH:mm` };
}

const DAYJS_LOCALES: Record<string, string> = { 'en-US': 'en', 'en-GB': 'en-gb', 'hu-HU': 'hu' };

export function dayjsLocale(uiLocale: string): string {
  return DAYJS_LOCALES[uiLocale] ?? 'en';
}

/** A date-only value keeps its day: 'YYYY-MM-DD' from a wire date or a plain date. */
export function dayOf(value: string | null | undefined): string {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
}
