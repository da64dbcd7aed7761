/** Every locale's full message tree: react-admin's own texts (converted to i18next) plus ours. */
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import enUS from './en-US';
import enGB from './en-GB';
import huHU from './hu-HU';
import raHungarian from './ra-hu-HU';
import type { Locale } from './locales';

const raEnglish = convertRaTranslationsToI18next(englishMessages) as Record<string, unknown>;
const raHu = convertRaTranslationsToI18next(raHungarian) as Record<string, unknown>;

export const MESSAGES: Record<Locale, Record<string, unknown>> = {
  'en-US': { ...raEnglish, ...enUS },
  'en-GB': { ...raEnglish, ...enGB },
  'hu-HU': { ...raHu, ...huHU },
};
