/** Texts of the reference data (/data: contacts, sites, property managers, site contacts). */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';
import { deepMerge } from '../i18n/deepMerge';

const enUS: MessageTree = {
  resources: {
    contacts: {
      name_one: 'Contact', name_other: 'Contacts', one: 'Contact', many: 'Contacts',
      fields: {
        co_id: 'ID', co_name: 'Name', co_type: 'Type', co_company: 'Company', co_email: 'Email', co_phone: 'Phone',
        co_address: 'Address', xero_contact_id: 'Accounting contact ID', co_rates_special: 'Special rates',
        co_rates_note: 'Rates note', co_commission: 'Commission', co_commission_special: 'Special commission',
        co_commission_note: 'Commission note', co_tax_receivable: 'Receivable tax', co_tax_payable: 'Payable tax',
      },
    },
    jobsites: {
      name_one: 'Site', name_other: 'Sites', one: 'Site', many: 'Sites',
      fields: { js_id: 'ID', js_address: 'Address', js_city: 'Town or city', js_postcode: 'Postcode', js_other_notes: 'Other notes' },
      relations: { clients: 'Clients', propertymanagers: 'Property managers', sitecontacts: 'Site contacts' },
    },
    propertymanagers: {
      name_one: 'Property manager', name_other: 'Property managers', one: 'Property manager', many: 'Property managers',
      fields: { pm_id: 'ID', pm_name: 'Name', pm_company: 'Company', pm_email: 'Email', pm_phone: 'Phone', pm_notes: 'Notes' },
    },
    jobsitecontacts: {
      name_one: 'Site contact', name_other: 'Site contacts', one: 'Site contact', many: 'Site contacts',
      fields: { jsc_id: 'ID', jsc_name: 'Name', jsc_type: 'Type', jsc_email: 'Email', jsc_phone: 'Phone', jsc_notes: 'Notes' },
    },
  },
  referenceData: {
    lead: 'Lead',
    addRow: 'Add row',
    removeRow: 'Remove row',
    blockError: 'This block has an error',
    sitesOfContact: 'Sites of this contact',
    sitesOfManager: 'Sites of this property manager',
    sitesOfSiteContact: 'Sites of this site contact',
    noRelated: 'None yet.',
    notes: 'Site notes',
    newNote: 'New note',
    addNote: 'Add note',
    saveNote: 'Save',
    cancel: 'Cancel',
    editNote: 'Edit note',
    deleteNote: 'Delete note',
    noNotes: 'No notes yet.',
  },
};

const enGB: MessageTree = deepMerge(enUS, {});

const huHU: MessageTree = {
  resources: {
    contacts: {
      name_one: 'Kapcsolat', name_other: 'Kapcsolatok', one: 'Kapcsolat', many: 'Kapcsolatok',
      fields: {
        co_id: 'Azonosító', co_name: 'Név', co_type: 'Típus', co_company: 'Cég', co_email: 'E-mail', co_phone: 'Telefon',
        co_address: 'Cím', xero_contact_id: 'Könyvelési kapcsolatazonosító', co_rates_special: 'Egyedi díjszabás',
        co_rates_note: 'Díjszabási megjegyzés', co_commission: 'Jutalék', co_commission_special: 'Egyedi jutalék',
        co_commission_note: 'Jutalék megjegyzés', co_tax_receivable: 'Követelés adókulcsa', co_tax_payable: 'Kötelezettség adókulcsa',
      },
    },
    jobsites: {
      name_one: 'Helyszín', name_other: 'Helyszínek', one: 'Helyszín', many: 'Helyszínek',
      fields: { js_id: 'Azonosító', js_address: 'Cím', js_city: 'Település', js_postcode: 'Irányítószám', js_other_notes: 'Egyéb megjegyzések' },
      relations: { clients: 'Ügyfelek', propertymanagers: 'Ingatlankezelők', sitecontacts: 'Helyszíni kapcsolattartók' },
    },
    propertymanagers: {
      name_one: 'Ingatlankezelő', name_other: 'Ingatlankezelők', one: 'Ingatlankezelő', many: 'Ingatlankezelők',
      fields: { pm_id: 'Azonosító', pm_name: 'Név', pm_company: 'Cég', pm_email: 'E-mail', pm_phone: 'Telefon', pm_notes: 'Megjegyzések' },
    },
    jobsitecontacts: {
      name_one: 'Helyszíni kapcsolattartó', name_other: 'Helyszíni kapcsolattartók', one: 'Helyszíni kapcsolattartó', many: 'Helyszíni kapcsolattartók',
      fields: { jsc_id: 'Azonosító', jsc_name: 'Név', jsc_type: 'Típus', jsc_email: 'E-mail', jsc_phone: 'Telefon', jsc_notes: 'Megjegyzések' },
    },
  },
  referenceData: {
    lead: 'Fő',
    addRow: 'Sor hozzáadása',
    removeRow: 'Sor törlése',
    blockError: 'Ebben a blokkban hiba van',
    sitesOfContact: 'A kapcsolat helyszínei',
    sitesOfManager: 'Az ingatlankezelő helyszínei',
    sitesOfSiteContact: 'A kapcsolattartó helyszínei',
    noRelated: 'Még nincs ilyen.',
    notes: 'Helyszíni jegyzetek',
    newNote: 'Új jegyzet',
    addNote: 'Jegyzet hozzáadása',
    saveNote: 'Mentés',
    cancel: 'Mégse',
    editNote: 'Jegyzet szerkesztése',
    deleteNote: 'Jegyzet törlése',
    noNotes: 'Még nincs jegyzet.',
  },
};

export const referenceDataMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enGB, 'hu-HU': huHU };
