/**
 * The names of the generic screens' select values (FieldDef.choiceLabels), in the three locales;
 * the stored values stay the codes SPEC.md names.
 */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';

const enUS: MessageTree = {
  choices: {
    contactType: { CLIENT: 'Client', ENGINEER: 'Engineer', SUPPLIER: 'Supplier', OPERATOR: 'Operator', CUSTOMER: 'Customer' },
    siteContactType: {
      UNKNOWN: 'Unknown',
      AGENT: 'Agent',
      CLEANER: 'Cleaner',
      CONCIERGE: 'Concierge',
      OWNER: 'Owner',
      RENTER: 'Renter',
      TENANT: 'Tenant',
      OTHER: 'Other',
    },
    mailServerAuth: { plain: 'Username and password', oauth: 'OAuth (sign-in with the provider)' },
    taxRateStatus: { ACTIVE: 'Active', DELETED: 'Deleted', ARCHIVED: 'Archived', PENDING: 'Pending' },
  },
};

const huHU: MessageTree = {
  choices: {
    contactType: { CLIENT: 'Ügyfél', ENGINEER: 'Szerelő', SUPPLIER: 'Beszállító', OPERATOR: 'Ügyintéző', CUSTOMER: 'Vevő' },
    siteContactType: {
      UNKNOWN: 'Ismeretlen',
      AGENT: 'Ügynök',
      CLEANER: 'Takarító',
      CONCIERGE: 'Portás',
      OWNER: 'Tulajdonos',
      RENTER: 'Bérbeadó',
      TENANT: 'Bérlő',
      OTHER: 'Egyéb',
    },
    mailServerAuth: { plain: 'Felhasználónév és jelszó', oauth: 'OAuth (bejelentkezés a szolgáltatónál)' },
    taxRateStatus: { ACTIVE: 'Aktív', DELETED: 'Törölt', ARCHIVED: 'Archivált', PENDING: 'Függőben' },
  },
};

export const choiceMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };
