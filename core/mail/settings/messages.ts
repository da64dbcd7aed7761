/** Texts of the mail settings dialog (signatures, templates, tags, folders), in the three locales. */
import type { FeatureMessages, MessageTree } from '../../i18n/featureMessages';

const enUS: MessageTree = {
  mailSettings: {
    title: 'Mail settings',
    account: 'Mail account',
    sharedNote: 'Tags and folders are shared by all mail accounts.',
    noAccount: 'There is no mail account linked to your account.',
    loading: 'Loading…',
    loadFailed: 'The list could not be loaded.',
    tabs: { signatures: 'Signatures', templates: 'Templates', tags: 'Tags', folders: 'Folders' },
    actions: { add: 'Add', edit: 'Edit {{name}}', delete: 'Delete {{name}}', save: 'Save', cancel: 'Cancel', close: 'Close', confirmDelete: 'Delete' },
    fields: {
      name: 'Name',
      subject: 'Subject',
      signature: 'Signature content',
      template: 'Template content',
      color: 'Color',
      colorOf: 'Color {{color}}',
      pickColor: 'Use color {{color}}',
      mails_one: '{{count}} mail',
      mails_other: '{{count}} mails',
    },
    empty: {
      signatures: 'No signatures yet.',
      templates: 'No templates yet.',
      tags: 'No tags yet.',
      folders: 'No folders yet.',
    },
    titles: {
      newSignature: 'New signature',
      editSignature: 'Edit signature',
      newTemplate: 'New template',
      editTemplate: 'Edit template',
      newTag: 'New tag',
      editTag: 'Edit tag',
      newFolder: 'New folder',
      editFolder: 'Rename folder',
    },
    confirm: 'Delete "{{name}}"?',
  },
};

const huHU: MessageTree = {
  mailSettings: {
    title: 'Levelezési beállítások',
    account: 'Levelezési fiók',
    sharedNote: 'A címkék és a mappák minden levelezési fióknál közösek.',
    noAccount: 'A fiókodhoz nincs levelezési fiók rendelve.',
    loading: 'Betöltés…',
    loadFailed: 'A lista nem tölthető be.',
    tabs: { signatures: 'Aláírások', templates: 'Sablonok', tags: 'Címkék', folders: 'Mappák' },
    actions: {
      add: 'Hozzáadás',
      edit: '{{name}} szerkesztése',
      delete: '{{name}} törlése',
      save: 'Mentés',
      cancel: 'Mégse',
      close: 'Bezárás',
      confirmDelete: 'Törlés',
    },
    fields: {
      name: 'Név',
      subject: 'Tárgy',
      signature: 'Aláírás szövege',
      template: 'Sablon szövege',
      color: 'Szín',
      colorOf: 'Szín: {{color}}',
      pickColor: '{{color}} szín választása',
      mails_one: '{{count}} levél',
      mails_other: '{{count}} levél',
    },
    empty: {
      signatures: 'Még nincs aláírás.',
      templates: 'Még nincs sablon.',
      tags: 'Még nincs címke.',
      folders: 'Még nincs mappa.',
    },
    titles: {
      newSignature: 'Új aláírás',
      editSignature: 'Aláírás szerkesztése',
      newTemplate: 'Új sablon',
      editTemplate: 'Sablon szerkesztése',
      newTag: 'Új címke',
      editTag: 'Címke szerkesztése',
      newFolder: 'Új mappa',
      editFolder: 'Mappa átnevezése',
    },
    confirm: 'Törlöd: „{{name}}”?',
  },
};

export const mailSettingsMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };
