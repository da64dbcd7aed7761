/** The UI languages of SPEC.md point 3 (user setting 'language', default en-US). */
export const LOCALES = ['en-US', 'en-GB', 'hu-HU'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English (US)',
  'en-GB': 'English (UK)',
  'hu-HU': 'Magyar',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A user's settings.language, or the default when unset or unknown. */
export function localeOf(language: unknown): Locale {
  return isLocale(language) ? language : DEFAULT_LOCALE;
}
