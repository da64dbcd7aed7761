/** Texts of the brand sites list and editor, in the three locales. */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';

const enUS: MessageTree = {
  brandSites: {
    fields: {
      name: 'Name',
      db_name: 'Database name',
      product_name: 'Product name',
      logo_url: 'Logo URL',
      wcf_form_url: 'WCF form URL',
      schema_name: 'Schema name',
      description: 'Description',
      domains: 'Domains',
      config: 'Configuration (JSON)',
    },
    domain: {
      type: 'Type',
      name: 'Domain name',
      enabled: 'Enabled',
      overrides: 'Overrides (JSON)',
      add: 'Add domain',
      remove: 'Remove domain',
      primary: 'primary',
      alias: 'alias',
    },
    domainInvalid: 'Brand domain: name and type must be valid.',
    onePrimary: 'Exactly one domain must be primary.',
    configInvalid: 'The configuration does not fit the brand configuration schema:',
    configValid: 'The configuration is valid.',
    new: 'New brand site',
    save: 'Save',
    search: 'Search',
    empty: 'No brand sites.',
  },
};

const huHU: MessageTree = {
  brandSites: {
    fields: {
      name: 'Név',
      db_name: 'Adatbázis neve',
      product_name: 'Termék neve',
      logo_url: 'Logó URL',
      wcf_form_url: 'WCF űrlap URL',
      schema_name: 'Séma neve',
      description: 'Leírás',
      domains: 'Domainek',
      config: 'Beállítások (JSON)',
    },
    domain: {
      type: 'Típus',
      name: 'Domain név',
      enabled: 'Engedélyezve',
      overrides: 'Felülírások (JSON)',
      add: 'Domain hozzáadása',
      remove: 'Domain törlése',
      primary: 'elsődleges',
      alias: 'álnév',
    },
    domainInvalid: 'Márka domain: a név és a típus legyen érvényes.',
    onePrimary: 'Pontosan egy domain legyen elsődleges.',
    configInvalid: 'A beállítások nem felelnek meg a márkabeállítási sémának:',
    configValid: 'A beállítások érvényesek.',
    new: 'Új márkaoldal',
    save: 'Mentés',
    search: 'Keresés',
    empty: 'Nincsenek márkaoldalak.',
  },
};

export const brandSitesMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };
