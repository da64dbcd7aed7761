/** Texts of the settings page's sessions panel, in the three locales. */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';

const enUS: MessageTree = {
  sessions: {
    title: 'Where you are signed in',
    hint: 'Sessions end after a while unused and after a set time in any case. End any you do not recognise.',
    loading: 'Loading…',
    loadError: 'The sessions could not be loaded.',
    thisDevice: 'This device',
    deviceOn: '{{browser}} on {{system}}',
    unknownDevice: 'Unknown device',
    unknownAddress: 'unknown',
    address: 'Address: {{ip}}',
    lastUsed: 'Last used {{when}}',
    signedIn: 'signed in {{when}}',
    end: 'End session',
    endLabel: 'End the session of {{device}} from {{ip}}',
  },
};

const huHU: MessageTree = {
  sessions: {
    title: 'Ahol be van jelentkezve',
    hint: 'A munkamenetek egy ideig tartó használaton kívüliség után, és egy megadott idő elteltével mindenképp véget érnek. Zárja le, amelyiket nem ismeri fel.',
    loading: 'Betöltés…',
    loadError: 'A munkamenetek nem tölthetők be.',
    thisDevice: 'Ez az eszköz',
    deviceOn: '{{browser}}, {{system}}',
    unknownDevice: 'Ismeretlen eszköz',
    unknownAddress: 'ismeretlen',
    address: 'Cím: {{ip}}',
    lastUsed: 'Utoljára használva: {{when}}',
    signedIn: 'bejelentkezés: {{when}}',
    end: 'Munkamenet lezárása',
    endLabel: '{{device}} munkamenetének lezárása ({{ip}})',
  },
};

export const settingsMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };
