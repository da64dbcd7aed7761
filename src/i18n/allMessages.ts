/** Every locale's tree at once, for tests and checks that compare them (the app loads them lazily). */
import type { Locale } from '../../core/i18n/locales';
import { EN_US_MESSAGES, type MessageTree } from './messages';
import { OTHER_MESSAGES } from './otherLocales';

export const MESSAGES: Record<Locale, MessageTree> = { 'en-US': EN_US_MESSAGES, ...OTHER_MESSAGES };
