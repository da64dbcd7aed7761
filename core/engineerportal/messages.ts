/** Texts of the engineer view's own controls (the issue and remedial flags, the notifications, the site notes), in the three locales. */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';

const enUS: MessageTree = {
  engineerPortal: {
    flags: {
      title: 'Problems on this job',
      hint: 'Raising a flag tells the office; add a note to say what you found.',
      note: 'Note for the office',
      issue: 'This job has an issue',
      remedial: 'Remedial work is needed',
    },
    notifications: {
      title: 'My notifications',
      type: 'Type',
      job: 'Job',
      when: 'When',
      from: 'From',
      none: 'No notifications.',
      remove: 'Remove notification {{n}}',
      removeShort: 'Remove',
    },
    site: {
      title: 'Site notes',
      otherNotes: 'Other notes of the site',
      saveOtherNotes: 'Save other notes',
      newNote: 'New note',
      addNote: 'Add note',
      notes: 'Notes of the site',
      noNotes: 'No notes yet.',
      delete: 'Delete',
      deleteNote: 'Delete note {{note}}',
    },
  },
};

const huHU: MessageTree = {
  engineerPortal: {
    flags: {
      title: 'Problémák ezzel a munkával',
      hint: 'A jelzés bekapcsolása értesíti az irodát; megjegyzésben leírhatja, mit talált.',
      note: 'Megjegyzés az irodának',
      issue: 'A munkával probléma van',
      remedial: 'Javítási munka szükséges',
    },
    notifications: {
      title: 'Értesítéseim',
      type: 'Típus',
      job: 'Munka',
      when: 'Időpont',
      from: 'Küldő',
      none: 'Nincs értesítés.',
      remove: 'Értesítés törlése: {{n}}',
      removeShort: 'Törlés',
    },
    site: {
      title: 'Helyszín jegyzetei',
      otherNotes: 'A helyszín egyéb megjegyzései',
      saveOtherNotes: 'Egyéb megjegyzések mentése',
      newNote: 'Új jegyzet',
      addNote: 'Jegyzet hozzáadása',
      notes: 'A helyszín jegyzetei',
      noNotes: 'Még nincs jegyzet.',
      delete: 'Törlés',
      deleteNote: 'Jegyzet törlése: {{note}}',
    },
  },
};

export const engineerPortalMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };
