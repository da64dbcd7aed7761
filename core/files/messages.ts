/** Texts of the file browser and the job documents panel, in the three locales. Spec texts are word for word. */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';

const enUS: MessageTree = {
  files: {
    errors: {
      maxUpload: 'Max upload limit reached.',
      uploadFailed: 'Upload was unsuccessful! Try again or modify the file list.',
      noDextAddress: 'No receipt-processing address is set up for this site.',
      noMailServer: 'No default outgoing mail server is set up for this site.',
      dextSendFailed: 'The purchase invoice could not be sent. Try again later.',
    },
    groups: {
      GENERALDOCUMENTS: 'General documents',
      QUOTES_INVOICES: 'Quotes and invoices',
      WORKORDERS: 'Work orders',
      EMAILATTACHMENTS: 'Mail attachments',
      JOBSITES: 'Job sites',
      PURCHASE_INVOICES: 'Purchase invoices',
      USER_FILES: 'User files',
    },
    types: { image: 'Images', pdf: 'PDF', text: 'Text', office: 'Office documents', other: 'Other' },
    fields: {
      group: 'Group',
      name: 'Name',
      size: 'Size',
      type: 'Type',
      added: 'Added',
      uploadedBy: 'Uploaded by',
      note: 'Note',
      relations: 'Relations',
      jobs: 'Jobs',
      sites: 'Sites',
      search: 'Search',
      allGroups: 'All groups',
      allTypes: 'All types',
      visibleToClient: 'Visible to client',
      processed: 'Processed',
    },
    dext: { send: 'Send to Dext' },
    actions: {
      upload: 'Upload',
      chooseFiles: 'Choose files',
      takePhoto: 'Take a photo',
      skipResize: 'Keep original image size',
      uploadTo: 'Upload to',
      delete: 'Delete',
      deleteSelected: 'Delete selected',
      download: 'Download',
      preview: 'Preview',
      details: 'Details',
      save: 'Save',
      cancel: 'Cancel',
      close: 'Close',
      selectAll: 'Select all',
      select: 'Select {{name}}',
    },
    confirm: {
      deleteOne: 'Delete {{name}}?',
      deleteMany_one: 'Delete {{count}} file?',
      deleteMany_other: 'Delete {{count}} files?',
    },
    empty: 'No files.',
    uploading: 'Uploading… {{percent}}%',
    selectedFiles_one: '{{count}} file, {{size}}',
    selectedFiles_other: '{{count}} files, {{size}}',
    browserTitle: 'Files',
    documentsTitle: 'Documents',
    siteDocumentsTitle: 'Site documents',
    detailsTitle: 'File details',
  },
};

const enGB: MessageTree = enUS;

const huHU: MessageTree = {
  files: {
    errors: {
      maxUpload: 'Elérted a feltöltési korlátot.',
      uploadFailed: 'A feltöltés nem sikerült! Próbáld újra, vagy módosítsd a fájllistát.',
      noDextAddress: 'Ehhez az oldalhoz nincs beállítva számlafeldolgozó cím.',
      noMailServer: 'Ehhez az oldalhoz nincs beállítva alapértelmezett kimenő levelezőszerver.',
      dextSendFailed: 'A beszerzési számlát nem sikerült elküldeni. Próbáld újra később.',
    },
    groups: {
      GENERALDOCUMENTS: 'Általános dokumentumok',
      QUOTES_INVOICES: 'Árajánlatok és számlák',
      WORKORDERS: 'Munkalapok',
      EMAILATTACHMENTS: 'Levélmellékletek',
      JOBSITES: 'Helyszínek',
      PURCHASE_INVOICES: 'Beszerzési számlák',
      USER_FILES: 'Felhasználói fájlok',
    },
    types: { image: 'Képek', pdf: 'PDF', text: 'Szöveg', office: 'Irodai dokumentumok', other: 'Egyéb' },
    fields: {
      group: 'Csoport',
      name: 'Név',
      size: 'Méret',
      type: 'Típus',
      added: 'Hozzáadva',
      uploadedBy: 'Feltöltötte',
      note: 'Megjegyzés',
      relations: 'Kapcsolatok',
      jobs: 'Munkák',
      sites: 'Helyszínek',
      search: 'Keresés',
      allGroups: 'Minden csoport',
      allTypes: 'Minden típus',
      visibleToClient: 'Ügyfél láthatja',
      processed: 'Feldolgozva',
    },
    dext: { send: 'Küldés a Dextnek' },
    actions: {
      upload: 'Feltöltés',
      chooseFiles: 'Fájlok kiválasztása',
      takePhoto: 'Fénykép készítése',
      skipResize: 'Eredeti képméret megtartása',
      uploadTo: 'Feltöltés ide',
      delete: 'Törlés',
      deleteSelected: 'Kijelöltek törlése',
      download: 'Letöltés',
      preview: 'Előnézet',
      details: 'Részletek',
      save: 'Mentés',
      cancel: 'Mégse',
      close: 'Bezárás',
      selectAll: 'Összes kijelölése',
      select: '{{name}} kijelölése',
    },
    confirm: {
      deleteOne: 'Törlöd: {{name}}?',
      deleteMany_one: 'Törölsz {{count}} fájlt?',
      deleteMany_other: 'Törölsz {{count}} fájlt?',
    },
    empty: 'Nincsenek fájlok.',
    uploading: 'Feltöltés… {{percent}}%',
    selectedFiles_one: '{{count}} fájl, {{size}}',
    selectedFiles_other: '{{count}} fájl, {{size}}',
    browserTitle: 'Fájlok',
    documentsTitle: 'Dokumentumok',
    siteDocumentsTitle: 'Helyszín dokumentumai',
    detailsTitle: 'Fájl részletei',
  },
};

export const filesMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enGB, 'hu-HU': huHU };

/** The server's English text of a files key ('files.errors.noDextAddress'). */
export function fileText(key: string): string {
  let node: unknown = enUS;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}
