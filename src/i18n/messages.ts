/**
 * The en-US message tree (react-admin's own texts converted to i18next, plus ours) in the first
 * load; en-GB and hu-HU come in their own chunk when a user first switches to them
 * (otherLocales.ts), so the login page does not carry two languages its user may never need.
 */
import englishMessages from 'ra-language-english';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import enUS from '../../core/i18n/en-US';
import { deepMerge } from '../../core/i18n/deepMerge';
import { FEATURE_MESSAGES } from '../../core/i18n/featureMessages';
import type { Locale } from '../../core/i18n/locales';

export type MessageTree = Record<string, unknown>;

export const RA_ENGLISH = convertRaTranslationsToI18next(englishMessages) as MessageTree;

export function withFeatures(locale: Locale, base: MessageTree): MessageTree {
  return FEATURE_MESSAGES.reduce<MessageTree>((tree, feature) => deepMerge(tree, feature[locale]), base);
}

export const EN_US_MESSAGES: MessageTree = withFeatures('en-US', { ...RA_ENGLISH, ...enUS });

/** A locale's whole tree; the others are fetched once, on first use. */
export async function loadMessages(locale: Locale): Promise<MessageTree> {
  if (locale === 'en-US') return EN_US_MESSAGES;
  const { OTHER_MESSAGES } = await import('./otherLocales');
  return OTHER_MESSAGES[locale];
}
