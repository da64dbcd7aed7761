/** Texts of /reminders, the app-bar badge and /engineer-reports, in the three locales. */
import type { MessageTree } from '../i18n/featureMessages';

export const remindersEnUS: MessageTree = {
  reminders: {
    types: {
      GENERAL: 'General', NEW_PURCHASE_INVOICE: 'New purchase invoice', JOB_PLANNED: 'Job planned', ADVANCE_PAYMENT: 'Advance payment',
      ENGINEER_NOT_REPORTED: 'Engineer not reported', TO_REPORT: 'To report (report to client)', NEED_MATERIAL: 'Need material',
      MATERIAL_DUE: 'Material due', COST_MODIFIED: 'Cost modified', REPORT_MISSING: 'Report missing', COST_ADDED: 'Cost added',
      COST_REMOVED: 'Cost removed', CUSTOMER_NEW_JOB: 'Customer new job', CUSTOMER_NEW_FILE: 'Customer new file (work-order file)',
      CUSTOMER_JOB_UPDATE: 'Customer job update',
    },
    fields: { type: 'Type', job: 'Job', when: 'When', who: 'Who', flagged: 'Flagged' },
    filters: 'Reminder filters', search: 'Search', jobNumber: 'Job number',
    filterTypes: 'Types', filterFlagged: 'Flag', all: 'All', onlyFlagged: 'Flagged only', onlyUnflagged: 'Not flagged',
    flag: 'Flag', unflag: 'Unflag', remove: 'Remove', removeSelected: 'Remove selected ({{count}})', selectAll: 'Select all on this page',
    select: 'Select reminder {{id}}', empty: 'No reminders.', table: 'Reminders', badge: 'Reminders: {{count}} new', system: 'System',
  },
  engineerReports: {
    fields: { job: 'Job', engineer: 'Engineer', text: 'Report', hours: 'Hours', when: 'When' },
    removeSelected: 'Remove selected ({{count}})', selectAll: 'Select all on this page', select: 'Select report {{id}}',
    empty: 'No engineer reports.', table: 'Engineer reports',
  },
};

export const remindersHuHU: MessageTree = {
  reminders: {
    types: {
      GENERAL: 'Általános', NEW_PURCHASE_INVOICE: 'Új beszerzési számla', JOB_PLANNED: 'Munka ütemezve', ADVANCE_PAYMENT: 'Előleg',
      ENGINEER_NOT_REPORTED: 'A szerelő nem jelentett', TO_REPORT: 'Jelenteni kell (az ügyfélnek)', NEED_MATERIAL: 'Anyag kell',
      MATERIAL_DUE: 'Anyag esedékes', COST_MODIFIED: 'Költség módosult', REPORT_MISSING: 'Hiányzó jelentés', COST_ADDED: 'Költség hozzáadva',
      COST_REMOVED: 'Költség eltávolítva', CUSTOMER_NEW_JOB: 'Új munka az ügyféltől', CUSTOMER_NEW_FILE: 'Új fájl az ügyféltől (munkalap)',
      CUSTOMER_JOB_UPDATE: 'Az ügyfél módosította a munkát',
    },
    fields: { type: 'Típus', job: 'Munka', when: 'Mikor', who: 'Ki', flagged: 'Megjelölve' },
    filters: 'Emlékeztető szűrők', search: 'Keresés', jobNumber: 'Munkaszám',
    filterTypes: 'Típusok', filterFlagged: 'Jelölés', all: 'Mind', onlyFlagged: 'Csak megjelöltek', onlyUnflagged: 'Nem megjelöltek',
    flag: 'Megjelölés', unflag: 'Jelölés törlése', remove: 'Eltávolítás', removeSelected: 'Kijelöltek eltávolítása ({{count}})', selectAll: 'Az oldal összes kijelölése',
    select: '{{id}}. emlékeztető kijelölése', empty: 'Nincs emlékeztető.', table: 'Emlékeztetők', badge: 'Emlékeztetők: {{count}} új', system: 'Rendszer',
  },
  engineerReports: {
    fields: { job: 'Munka', engineer: 'Szerelő', text: 'Jelentés', hours: 'Órák', when: 'Mikor' },
    removeSelected: 'Kijelöltek eltávolítása ({{count}})', selectAll: 'Az oldal összes kijelölése', select: '{{id}}. jelentés kijelölése',
    empty: 'Nincs szerelői jelentés.', table: 'Szerelői jelentések',
  },
};
