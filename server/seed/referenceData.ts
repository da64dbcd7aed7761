/**
 * Demo reference data: about 40 contacts of every type, 30 sites with UK addresses, property
 * managers and site contacts linked to the sites, and a few site notes.
 */
import type { Kysely } from 'kysely';
import { brandDb, type RootDb } from '../db/types';

const COMPANIES = [
  'Harbour Lettings',
  'Crown Estates Bristol',
  'Meridian Homes',
  'Oakfield Housing',
  'Riverside Property Group',
  'Kingsway Facilities',
  'Beacon Student Living',
  'Northgate Retail',
  'Ashford Care Homes',
  'Thames Valley Offices',
  'Elm Tree Schools Trust',
  'Sterling Hotels',
  'Parkside Dental',
  'Greenway Surgeries',
  'Victoria Court Management',
];
const SUPPLIERS = [
  'City Plumbers Merchants',
  'Screwfix Trade Counter',
  'Travis Perkins',
  'Edmundson Electrical',
  'Jewson Building Supplies',
  'Wolseley Heating',
  'Selco Builders Warehouse',
  'HSS Hire',
];
const PEOPLE = [
  'Oliver Hughes',
  'Amelia Clarke',
  'Jack Robinson',
  'Isla Wright',
  'Harry Thompson',
  'Sophie Walker',
  'Charlie Evans',
  'Emily Turner',
  'George Hall',
  'Grace Wood',
  'Thomas Green',
  'Poppy Lewis',
  'James Baker',
  'Ella Harris',
  'William Cooper',
  'Ruby Ward',
  'Alfie Morris',
  'Freya King',
  'Henry Scott',
  'Lily Bennett',
];
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Park Avenue',
  'Mill Lane',
  'Queens Road',
  'Kings Road',
  'The Green',
  'London Road',
];
const TOWNS: readonly [string, string][] = [
  ['Bristol', 'BS1'],
  ['Bath', 'BA1'],
  ['Reading', 'RG1'],
  ['Oxford', 'OX1'],
  ['Cardiff', 'CF10'],
  ['Swindon', 'SN1'],
  ['Gloucester', 'GL1'],
  ['Cheltenham', 'GL50'],
  ['Exeter', 'EX1'],
  ['Southampton', 'SO14'],
];
const SITE_TYPES = ['AGENT', 'CLEANER', 'CONCIERGE', 'OWNER', 'RENTER', 'TENANT', 'OTHER', 'UNKNOWN'] as const;
const NOTES = [
  'Keys with the concierge; sign in at reception.',
  'Parking at the rear, permit in the office.',
  'Alarm panel behind the front door; code from the office.',
  'Tenant works nights: no visits before 11:00.',
  'Stopcock under the kitchen sink.',
];

const email = (name: string, domain: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${domain}`;
const phone = (i: number) => `07${(700000000 + i * 7919).toString().slice(0, 9)}`;

function contactRows() {
  const rows: Record<string, unknown>[] = [];
  COMPANIES.forEach((company, i) =>
    rows.push({
      co_type: 'CLIENT',
      co_name: company,
      co_company: `${company} Ltd`,
      co_email: email('accounts', `${company.split(' ')[0].toLowerCase()}.co.uk`),
      co_phone: phone(i),
      xero_contact_id: `XC-${1000 + i}`,
      co_tax_receivable: 'OUTPUT2',
      co_rates_special: i % 5 === 0,
      co_rates_note: i % 5 === 0 ? 'Out-of-hours rate agreed at +25%.' : null,
    }),
  );
  SUPPLIERS.forEach((company, i) =>
    rows.push({
      co_type: 'SUPPLIER',
      co_name: company,
      co_company: company,
      co_email: email('trade', `${company.split(' ')[0].toLowerCase()}.co.uk`),
      co_phone: phone(100 + i),
      xero_contact_id: `XS-${2000 + i}`,
      co_tax_payable: 'INPUT2',
    }),
  );
  PEOPLE.slice(0, 8).forEach((name, i) =>
    rows.push({
      co_type: 'ENGINEER',
      co_name: name,
      co_email: email(name, 'engineers.demo.test'),
      co_phone: phone(200 + i),
      co_commission: 10 + i,
      co_commission_special: i === 0,
      co_commission_note: i === 0 ? 'Senior rate for gas work.' : null,
    }),
  );
  PEOPLE.slice(8, 13).forEach((name, i) => rows.push({ co_type: 'OPERATOR', co_name: name, co_email: email(name, 'demo.test'), co_phone: phone(300 + i) }));
  PEOPLE.slice(13, 18).forEach((name, i) =>
    rows.push({ co_type: 'CUSTOMER', co_name: name, co_email: email(name, 'example.co.uk'), co_phone: phone(400 + i) }),
  );
  return rows;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function createReferenceData(root: RootDb, schema: string, sites = 30): Promise<void> {
  const db = brandDb(root, schema) as unknown as AnyDb;
  await db.transaction().execute(async (trx) => {
    const contacts = await trx.insertInto('contacts').values(contactRows()).returning(['co_id', 'co_type']).execute();
    const clients = contacts.filter((c) => c.co_type === 'CLIENT').map((c) => c.co_id as number);
    const managers = await trx
      .insertInto('propertymanagers')
      .values(
        PEOPLE.slice(0, 10).map((name, i) => ({
          pm_name: name,
          pm_company: COMPANIES[(i * 3) % COMPANIES.length],
          pm_email: email(name, 'managers.co.uk'),
          pm_phone: phone(500 + i),
        })),
      )
      .returning('pm_id')
      .execute();
    const siteContacts = await trx
      .insertInto('jobsitecontacts')
      .values(
        PEOPLE.slice(4, 20).map((name, i) => ({
          jsc_name: name,
          jsc_type: SITE_TYPES[i % SITE_TYPES.length],
          jsc_email: i % 3 ? email(name, 'mail.co.uk') : null,
          jsc_phone: phone(600 + i),
        })),
      )
      .returning('jsc_id')
      .execute();
    const siteRows = Array.from({ length: sites }, (_, i) => {
      const [town, area] = TOWNS[i % TOWNS.length];
      return {
        js_address: `${((i * 7) % 120) + 1} ${STREETS[i % STREETS.length]}`,
        js_city: town,
        js_postcode: `${area} ${1 + (i % 9)}${'ABDEFGHJ'[i % 8]}${'LNPQRSTU'[(i * 3) % 8]}`,
        js_other_notes: i % 4 === 0 ? NOTES[i % NOTES.length] : null,
      };
    });
    const jobsites = await trx.insertInto('jobsites').values(siteRows).returning('js_id').execute();
    const links = (i: number) => ({ js_id: jobsites[i].js_id });
    await trx
      .insertInto('jobsite_clients')
      .values(jobsites.map((_, i) => ({ ...links(i), co_id: clients[i % clients.length], is_lead: true })))
      .execute();
    await trx
      .insertInto('jobsite_propertymanagers')
      .values(jobsites.map((_, i) => ({ ...links(i), pm_id: managers[i % managers.length].pm_id, is_lead: true })))
      .execute();
    await trx
      .insertInto('jobsite_sitecontacts')
      .values(
        jobsites.filter((_, i) => i % 3 !== 2).map((s, i) => ({ js_id: s.js_id, jsc_id: siteContacts[i % siteContacts.length].jsc_id, is_lead: i % 2 === 0 })),
      )
      .execute();
    await trx
      .insertInto('jobsitenotes')
      .values(jobsites.filter((_, i) => i % 5 === 0).map((s, i) => ({ js_id: s.js_id, jsn_note: NOTES[i % NOTES.length] })))
      .execute();
  });
}
