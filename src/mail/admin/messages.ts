/** Texts of the mail admin screens, in the three locales. */
import type { FeatureMessages, MessageTree } from '../../i18n/featureMessages';

const enUS: MessageTree = {};
const enGB: MessageTree = enUS;
const huHU: MessageTree = {};

export const mailAdminMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enGB, 'hu-HU': huHU };
