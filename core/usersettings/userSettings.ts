/**
 * The user settings of SPEC.md point 3: their defaults and what each may hold. The server
 * validates PATCH usersettings/preferences with it and the SPA builds its settings form from it.
 */
import * as yup from 'yup';
import { LOCALES } from '../i18n/locales';
import { VALIDATION } from '../resources/engine/schema';
import { SHEET_VIEWS_SCHEMA, type SavedView } from '../jobs/home/views';

export const DARK_MODES = ['auto', 'light', 'dark'] as const;
export const EMAIL_EDITORS = ['ckeditor', 'quasar'] as const;

export const DEFAULT_SETTINGS = {
  darkMode: 'auto',
  language: 'en-US',
  dateFormat: 'DD/MM/YYYY HH:mm:ss',
  timezone: 'Europe/London',
  autoloadHtml: false,
  iframeEditor: false,
  isThumbsDefault: false,
  emailEditor: 'ckeditor',
  showImapFolder: false,
  /** The job sheet's named saved views (core/jobs/home/views.ts). */
  sheetViews: [] as readonly SavedView[],
} as const;

export type SettingKey = keyof typeof DEFAULT_SETTINGS;

function isTimeZone(value: string | undefined): boolean {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const bool = yup.boolean().strict(true).typeError(VALIDATION.value).required(VALIDATION.required);

export const SETTING_SCHEMAS: Record<SettingKey, yup.Schema> = {
  darkMode: yup.string().strict(true).oneOf(DARK_MODES, VALIDATION.value).required(VALIDATION.required),
  language: yup.string().strict(true).oneOf(LOCALES, VALIDATION.value).required(VALIDATION.required),
  dateFormat: yup.string().strict(true).max(100, VALIDATION.max100).required(VALIDATION.required),
  timezone: yup.string().strict(true).required(VALIDATION.required).test('tz', VALIDATION.value, isTimeZone),
  autoloadHtml: bool,
  iframeEditor: bool,
  isThumbsDefault: bool,
  emailEditor: yup.string().strict(true).oneOf(EMAIL_EDITORS, VALIDATION.value).required(VALIDATION.required),
  showImapFolder: bool,
  sheetViews: SHEET_VIEWS_SCHEMA,
};

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(DEFAULT_SETTINGS, key);
}

/** Checks a key-value patch; the first problem per key comes back as an i18n key. */
export function validateSettingsPatch(patch: Record<string, unknown>): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (!isSettingKey(key)) {
      errors.push({ field: key, message: VALIDATION.value });
      continue;
    }
    try {
      SETTING_SCHEMAS[key].validateSync(value);
    } catch (err) {
      errors.push({ field: key, message: err instanceof yup.ValidationError ? err.message : VALIDATION.value });
    }
  }
  return errors;
}
