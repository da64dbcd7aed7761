/** Every locale's full message tree: react-admin's own texts (converted to i18next) plus ours. */
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import enUS from '../../core/i18n/en-US';
import enGB from './en-GB';
import huHU from './hu-HU';
import raHungarian from './ra-hu-HU';
import { deepMerge } from '../../core/i18n/deepMerge';
import { FEATURE_MESSAGES } from '../../core/i18n/featureMessages';
import type { Locale } from '../../core/i18n/locales';

const raEnglish = convertRaTranslationsToI18next(englishMessages) as Record<string, unknown>;
const raHu = convertRaTranslationsToI18next(raHungarian) as Record<string, unknown>;

function withFeatures(locale: Locale, base: Record<string, unknown>): Record<string, unknown> {
  return FEATURE_MESSAGES.reduce<Record<string, unknown>>((tree, feature) => deepMerge(tree, feature[locale]), base);
}

export const MESSAGES: Record<Locale, Record<string, unknown>> = {
  'en-US': withFeatures('en-US', { ...raEnglish, ...enUS }),
  'en-GB': withFeatures('en-GB', { ...raEnglish, ...enGB }),
  'hu-HU': withFeatures('hu-HU', { ...raHu, ...huHU }),
};
