/**
 * One i18next instance behind react-admin's i18nProvider (ra-i18n-i18next). Code outside React
 * (the fetch wrapper, the auth flow) translates through `translate`, which reads the same
 * instance, so a language switch changes every text at once.
 */
import { createInstance, type TOptions } from 'i18next';
import { getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'ra-core';
import { enText } from '../../core/i18n/en-US';
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, type Locale } from '../../core/i18n/locales';
import { EN_US_MESSAGES, loadMessages } from './messages';

export const i18n = createInstance();

let providerPromise: Promise<I18nProvider> | null = null;

/** Adds a locale's texts to i18next before it is used (en-US is there from the start). */
async function ensureLocale(locale: string): Promise<void> {
  const known = (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE;
  if (!i18n.hasResourceBundle(known, 'translation')) i18n.addResourceBundle(known, 'translation', await loadMessages(known));
}

export function createI18nProvider(): Promise<I18nProvider> {
  providerPromise ??= getI18nProvider(
    i18n,
    {
      resources: { [DEFAULT_LOCALE]: { translation: EN_US_MESSAGES } },
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      // Server texts such as 'Name: Field is required!' are passed as keys; a ':' must not be
      // read as a namespace separator or half of the text would vanish.
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    },
    LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
  ).then((provider) => ({
    ...provider,
    changeLocale: async (locale: string, options?: unknown) => {
      await ensureLocale(locale);
      return provider.changeLocale(locale, options);
    },
  }));
  return providerPromise;
}

/** Translate outside React; before i18next is ready it falls back to the en-US source texts. */
export function translate(key: string, options?: TOptions): string {
  if (!i18n.isInitialized) {
    const text = enText(key);
    return options ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String((options as Record<string, unknown>)[name] ?? '')) : text;
  }
  return String(i18n.t(key, options ?? {}));
}
