/**
 * Volume reference data for the bench: N contacts and N sites in one brand schema, generated
 * inside PostgreSQL (generate_series), so 100,000 rows of each take seconds, not minutes.
 */
import { sql } from 'kysely';
import type { RootDb } from '../db/types';

const FIRST = ['Amelia', 'Noah', 'Isla', 'Leo', 'Ava', 'Arthur', 'Mia', 'Oscar', 'Freya', 'George', 'Lily', 'Harry', 'Ruby', 'Jack', 'Grace'];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Evans',
  'Walker',
  'Wright',
  'Robinson',
  'Thompson',
  'Hughes',
  'Green',
  'Hall',
  'Wood',
  'Clarke',
  'Lewis',
];
const FIRMS = ['Lettings', 'Estates', 'Property', 'Facilities', 'Homes', 'Housing', 'Maintenance', 'Services'];
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
  'Harbour Walk',
  'Bridge Street',
];
const TOWNS = ['Bristol', 'Bath', 'Reading', 'Oxford', 'Cardiff', 'Swindon', 'Gloucester', 'Cheltenham', 'Exeter', 'Southampton', 'Leeds', 'York'];
const TYPES = ['CLIENT', 'ENGINEER', 'SUPPLIER', 'OPERATOR', 'CUSTOMER'];

const arr = (list: readonly string[]) => sql`${sql.val(list)}::text[]`;
const pick = (list: readonly string[], expr: string) => sql`(${arr(list)})[1 + (${sql.raw(expr)}) % ${sql.lit(list.length)}]`;

export async function seedReferenceBulk(root: RootDb, schema: string, n: number): Promise<void> {
  const t = (name: string) => sql.id(schema, name);
  await sql`
    insert into ${t('contacts')} (co_type, co_name, co_company, co_email, co_phone, xero_contact_id)
    select ${pick(TYPES, 'i')}, ${pick(FIRST, 'i')} || ' ' || ${pick(LAST, 'i / 15')} || ' ' || i,
           ${pick(LAST, 'i / 7')} || ' ' || ${pick(FIRMS, 'i / 3')} || ' Ltd',
           'bulk' || i || '@contacts.bench.test', '07' || lpad((i * 7919 % 1000000000)::text, 9, '0'), 'BX-' || i
    from generate_series(1, ${n}) as i`.execute(root);
  await sql`
    insert into ${t('jobsites')} (js_address, js_city, js_postcode)
    select (1 + i % 250) || ' ' || ${pick(STREETS, 'i / 250')} || ' ' || i, ${pick(TOWNS, 'i / 7')},
           'BS' || (1 + i % 40) || ' ' || (i % 10) || chr(65 + i % 26) || chr(65 + i / 26 % 26)
    from generate_series(1, ${n}) as i`.execute(root);
  // VACUUM also merges the GIN indexes' pending lists, which a bulk insert leaves long.
  await sql`vacuum analyze ${t('contacts')}`.execute(root);
  await sql`vacuum analyze ${t('jobsites')}`.execute(root);
}
