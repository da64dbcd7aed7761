/** Texts of the job sheet and the job item screens (fields, enumerations, tabs, actions), three locales. */
import type { MessageTree } from '../i18n/featureMessages';

export const screenEnUS: MessageTree = {
  status: { CANCELLED: 'Cancelled', ON_HOLD: 'On hold', COMPLETED: 'Completed', APPROVED: 'Approved', BOOKED: 'Booked', IN_PROGRESS: 'In progress', SIGNED_OFF: 'Signed off', QUOTED: 'Quoted' },
  tags: { NEEDTOCALL: 'Need to call', WAITINGFOR: 'Waiting for', NEEDMATERIALS: 'Need materials', NEEDMOREINFO: 'Need more info', PLANNED: 'Planned', ADVANCEPAYMENT: 'Advance payment' },
  fields: {
    job_number: 'Number', job_status: 'Status', client: 'Client', site: 'Site', pm: 'Property manager', department: 'Department',
    job_start: 'Start', job_end: 'End', tags: 'Tags', assigned: 'Assigned users', net_quote: 'Net quote', net_sales: 'Net sales',
    site_contact: 'Site contact', job_wopo: 'WO/PO', job_desc: 'Description', job_details: 'Details', engineers: 'Engineers',
    engineer: 'Engineer', suppliers: 'Suppliers', lead: 'Lead', remedial: 'Remedial work', skipRemedial: 'Skip the remedial check', issue: 'Issue',
    supplier: 'Supplier', customer: 'Customer', section: 'Sales section', sectionOrder: 'Order of the sales sections',
    rowOrder: 'Order of the rows', rows: 'Rows',
  },
  sheet: {
    newJob: 'New job', export: 'Export', exporting: 'Exporting: {{kb}} kB received', exportProgress: 'Export progress',
    startFrom: 'Start from', startTo: 'Start to', endFrom: 'End from', endTo: 'End to', quoteMin: 'Net quote from', quoteMax: 'Net quote to',
    salesMin: 'Net sales from', salesMax: 'Net sales to', clearFilters: 'Clear filters', empty: 'No jobs match the filter.',
    total: '{{count}} jobs', noStatus: '—', filters: 'Job filters', table: 'Jobs',
  },
  item: {
    tabs: { details: 'Job details', schedule: 'Schedule', sales: 'Sales', costs: 'Costs', emails: 'E-mails', documents: 'Documents' },
    draft: 'Draft (no number yet)', save: 'Save', copy: 'Copy', delete: 'Delete', confirmDelete: 'Delete this job with its sales and costs?',
    cancel: 'Cancel', copied: 'The job has been copied.', addEngineer: 'Add engineer', removeEngineer: 'Remove engineer',
    history: 'History', historyEmpty: 'No changes recorded yet.', who: 'Who', when: 'When', what: 'What changed', system: 'System',
    noEmails: 'No e-mails are linked to this job yet.',
    calendar: 'Calendar of the department', saveFirst: 'Save the job to schedule it.', back: 'Back to the job sheet',
    actions: { create: 'created', update: 'changed', delete: 'deleted', lock: 'locked', unlock: 'unlocked', duplicate: 'duplicated', assign: 'assigned' },
    entities: { job: 'Job', sales: 'Sales', cost: 'Cost' },
    yes: 'yes', no: 'no',
  },
};

export const screenHuHU: MessageTree = {
  status: { CANCELLED: 'Törölve', ON_HOLD: 'Felfüggesztve', COMPLETED: 'Befejezve', APPROVED: 'Jóváhagyva', BOOKED: 'Lefoglalva', IN_PROGRESS: 'Folyamatban', SIGNED_OFF: 'Lezárva', QUOTED: 'Árajánlat kiadva' },
  tags: { NEEDTOCALL: 'Hívni kell', WAITINGFOR: 'Várakozik', NEEDMATERIALS: 'Anyag kell', NEEDMOREINFO: 'Több infó kell', PLANNED: 'Tervezve', ADVANCEPAYMENT: 'Előleg' },
  fields: {
    job_number: 'Szám', job_status: 'Állapot', client: 'Ügyfél', site: 'Helyszín', pm: 'Ingatlankezelő', department: 'Részleg',
    job_start: 'Kezdés', job_end: 'Befejezés', tags: 'Címkék', assigned: 'Felelősök', net_quote: 'Nettó ajánlat', net_sales: 'Nettó eladás',
    site_contact: 'Helyszíni kapcsolattartó', job_wopo: 'WO/PO', job_desc: 'Leírás', job_details: 'Részletek', engineers: 'Szerelők',
    engineer: 'Szerelő', suppliers: 'Beszállítók', lead: 'Vezető', remedial: 'Javító munka', skipRemedial: 'Javítási ellenőrzés kihagyása', issue: 'Probléma',
    supplier: 'Beszállító', customer: 'Ügyfél (felhasználó)', section: 'Értékesítési szakasz', sectionOrder: 'Az értékesítési szakaszok sorrendje',
    rowOrder: 'A sorok sorrendje', rows: 'Sorok',
  },
  sheet: {
    newJob: 'Új munka', export: 'Exportálás', exporting: 'Exportálás: {{kb}} kB érkezett', exportProgress: 'Exportálás állapota',
    startFrom: 'Kezdés ettől', startTo: 'Kezdés eddig', endFrom: 'Befejezés ettől', endTo: 'Befejezés eddig', quoteMin: 'Nettó ajánlat ettől',
    quoteMax: 'Nettó ajánlat eddig', salesMin: 'Nettó értékesítés ettől', salesMax: 'Nettó értékesítés eddig', clearFilters: 'Szűrők törlése', empty: 'Nincs a szűrőnek megfelelő munka.',
    total: '{{count}} munka', noStatus: '—', filters: 'Munkaszűrők', table: 'Munkák',
  },
  item: {
    tabs: { details: 'Munka adatai', schedule: 'Ütemezés', sales: 'Értékesítés', costs: 'Költségek', emails: 'E-mailek', documents: 'Dokumentumok' },
    draft: 'Piszkozat (még nincs száma)', save: 'Mentés', copy: 'Másolás', delete: 'Törlés', confirmDelete: 'Törlöd a munkát az értékesítéssel és a költségekkel együtt?',
    cancel: 'Mégse', copied: 'A munka másolata elkészült.', addEngineer: 'Szerelő hozzáadása', removeEngineer: 'Szerelő eltávolítása',
    history: 'Előzmények', historyEmpty: 'Még nincs rögzített változás.', who: 'Ki', when: 'Mikor', what: 'Mi változott', system: 'Rendszer',
    noEmails: 'Ehhez a munkához még nem kapcsolódik e-mail.',
    calendar: 'A részleg naptára', saveFirst: 'Ütemezés előtt mentsd a munkát.', back: 'Vissza a munkalapra',
    actions: { create: 'létrehozva', update: 'módosítva', delete: 'törölve', lock: 'zárolva', unlock: 'feloldva', duplicate: 'duplikálva', assign: 'hozzárendelve' },
    entities: { job: 'Munka', sales: 'Értékesítés', cost: 'Költség' },
    yes: 'igen', no: 'nem',
  },
};
