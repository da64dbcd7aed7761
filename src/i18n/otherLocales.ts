/** en-GB and hu-HU message trees: a chunk of their own, loaded by messages.ts on first use. */
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import type { Locale } from '../../core/i18n/locales';
import enGB from './en-GB';
import huHU from './hu-HU';
import raHungarian from './ra-hu-HU';
import { RA_ENGLISH, withFeatures, type MessageTree } from './messages';

const raHu = convertRaTranslationsToI18next(raHungarian) as MessageTree;

export const OTHER_MESSAGES: Record<Exclude<Locale, 'en-US'>, MessageTree> = {
  'en-GB': withFeatures('en-GB', { ...RA_ENGLISH, ...enGB }),
  'hu-HU': withFeatures('hu-HU', { ...raHu, ...huHU }),
};
