/**
 * Demo jobs for the demo brand: about 60 jobs over every status and department, dated from six
 * weeks ago to six weeks ahead, with engineers (engineer@demo.test on many), suppliers, tags,
 * assigned operators on some, customer@demo.test's own jobs, sales sections with rows, costs,
 * history, a few notifications and engineer reports. A seeded generator keeps every run the same.
 */
import { localDayStart } from './demoCalendar';
import { JOB_STATUSES, JOB_TAGS } from '../../core/enums';
import { brandDb, type RootDb } from '../db/types';
import { jobDb, type JobDb } from '../jobs/tables';
import { nextJobNumber } from '../jobs/numbering';
import { createUser } from './users';
import { seedJobMoney } from './jobsSales';

export const DEMO_JOB_COUNT = 60;

const DESCRIPTIONS = [
  'Leaking radiator valve in the front bedroom',
  'No hot water: boiler shows fault F28',
  'Replace cracked roof tiles over the porch',
  'Blocked kitchen drain',
  'Fuse board trips when the oven is on',
  'Annual gas safety check',
  'Install outside tap',
  'Gutter clearance and downpipe repair',
  'Replace extractor fan in the bathroom',
  'EICR for the whole property',
  'Damp patch on the ceiling under the bathroom',
  'Fit new front door lock',
  'Repaint communal hallway',
  'Replace toilet cistern',
  'Flat roof leak over the garage',
  'Power cut to the upstairs sockets',
  'Boiler service and flue check',
  'Fix sticking sash window',
];
const DETAILS = ['Tenant home after 10:00.', 'Keys at the letting office.', 'Photos before and after, please.', 'Quote needed before work starts.', null];

/** Extra engineers so the demo shows several; engineer@demo.test stays the one to log in with. */
const EXTRA_ENGINEERS = [
  { firstname: 'Noah', surname: 'Brooks', email: 'noah.brooks@engineers.demo.test' },
  { firstname: 'Maya', surname: 'Patel', email: 'maya.patel@engineers.demo.test' },
  { firstname: 'Samuel', surname: 'Reed', email: 'samuel.reed@engineers.demo.test' },
];

/** mulberry32: a small seeded generator, so the demo data is the same on every fresh start. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SiteLinks {
  js_id: number;
  co_id: number | null;
  pm_id: number | null;
  jsc_id: number | null;
}

async function siteLinks(db: JobDb): Promise<SiteLinks[]> {
  const sites = await db.selectFrom('jobsites').select('js_id').orderBy('js_id').execute();
  const [clients, managers, contacts] = await Promise.all([
    db.selectFrom('jobsite_clients').select(['js_id', 'co_id']).where('is_lead', '=', true).execute(),
    db.selectFrom('jobsite_propertymanagers').select(['js_id', 'pm_id']).where('is_lead', '=', true).execute(),
    db.selectFrom('jobsite_sitecontacts').select(['js_id', 'jsc_id']).orderBy('is_lead', 'desc').execute(),
  ]);
  return sites.map(({ js_id }) => ({
    js_id,
    co_id: clients.find((c) => c.js_id === js_id)?.co_id ?? null,
    pm_id: managers.find((m) => m.js_id === js_id)?.pm_id ?? null,
    jsc_id: contacts.find((c) => c.js_id === js_id)?.jsc_id ?? null,
  }));
}

const DAY = 86_400_000;

/** Seeds the demo jobs; `today` is fixed by the caller in tests, the current day otherwise. */
export async function createDemoJobs(root: RootDb, schema: string, today = new Date()): Promise<void> {
  const extra = await Promise.all(EXTRA_ENGINEERS.map((e) => createUser(root, schema, { ...e, role: 'Engineer' })));
  const db = jobDb(brandDb(root, schema));
  const users = await db.selectFrom('users').select(['us_id', 'email', 'role']).execute();
  const byEmail = (email: string) => users.find((u) => u.email === email)?.us_id ?? null;
  const engineer = byEmail('engineer@demo.test');
  const engineers = [engineer, ...extra].filter((id): id is number => id !== null);
  const operator = byEmail('operator@demo.test');
  const bem = byEmail('bemaccount@demo.test');
  const admin = byEmail('admin@demo.test');
  const customer = byEmail('customer@demo.test');
  const departments = await db.selectFrom('departments').select('de_id').orderBy('de_id').execute();
  const suppliers = await db.selectFrom('contacts').select('co_id').where('co_type', '=', 'SUPPLIER').orderBy('co_id').execute();
  const sites = await siteLinks(db);
  if (!departments.length || !sites.length) return;

  const rnd = seededRandom(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  // Today's midnight where the demo users are, so the schedule's "today" is theirs at any hour.
  const midnight = localDayStart(today).getTime();

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < DEMO_JOB_COUNT; i++) {
      const site = sites[(i * 7) % sites.length];
      const status = JOB_STATUSES[i % JOB_STATUSES.length];
      const de_id = departments[i % departments.length].de_id;
      const draft = i % 20 === 19;
      // Dates from about six weeks ago to six weeks ahead; quotes and some others are unscheduled.
      const scheduled = status !== 'QUOTED' && i % 9 !== 4;
      const start = scheduled ? new Date(midnight + (i - DEMO_JOB_COUNT / 2) * 1.4 * DAY + (7 + Math.floor(rnd() * 8)) * 3_600_000) : null;
      const end = start ? new Date(start.getTime() + (i % 4 === 0 ? Math.ceil(rnd() * 3) * DAY : (2 + Math.floor(rnd() * 5)) * 3_600_000)) : null;
      const tags = JOB_TAGS.filter(() => rnd() < 0.18);
      const assigned = i % 4 === 0 ? [operator] : i % 7 === 1 ? [bem, admin] : [];
      const lead = i % 3 === 0 ? engineer : engineers[i % engineers.length];
      const team = [...new Set([lead, ...(i % 5 === 0 ? [engineers[(i + 1) % engineers.length]] : [])])].filter((id): id is number => id !== null);

      const job = await trx
        .insertInto('jobs')
        .values({
          job_number: draft ? null : await nextJobNumber(trx, de_id),
          de_id,
          js_id: site.js_id,
          co_id: site.co_id,
          pm_id: site.pm_id,
          jsc_id: site.jsc_id,
          job_status: status,
          job_wopo: i % 3 === 1 ? `PO-${4100 + i * 13}` : null,
          job_desc: DESCRIPTIONS[i % DESCRIPTIONS.length],
          job_details: pick(DETAILS),
          job_start: start,
          job_end: end,
          job_tags: tags,
          job_has_remedial: i % 11 === 6,
          customer_us_id: i % 10 === 3 ? customer : null,
          created_by: admin,
          created_at: new Date(midnight - (DEMO_JOB_COUNT - i) * DAY),
        })
        .returning('job_id')
        .executeTakeFirstOrThrow();
      const job_id = job.job_id;
      if (team.length)
        await trx
          .insertInto('job_engineers')
          .values(team.map((us_id) => ({ job_id, us_id, is_lead: us_id === lead })))
          .execute();
      const people = assigned.filter((id): id is number => id !== null);
      if (people.length)
        await trx
          .insertInto('job_assigned_users')
          .values(people.map((us_id) => ({ job_id, us_id })))
          .execute();
      if (suppliers.length && i % 2 === 0)
        await trx
          .insertInto('job_suppliers')
          .values({ job_id, co_id: suppliers[i % suppliers.length].co_id })
          .execute();
      await trx
        .insertInto('job_history')
        .values({
          job_id,
          us_id: admin,
          jh_entity: 'job',
          jh_entity_id: job_id,
          jh_action: 'create',
          jh_changes: JSON.stringify({ job_status: status, de_id }),
        })
        .execute();

      if (!draft && i % 5 !== 2)
        await seedJobMoney(trx, { job_id, index: i, rnd, engineers: team, suppliers: suppliers.map((s) => s.co_id), actor: admin, today: midnight });
      if (start && operator && i % 6 === 0) {
        await trx
          .insertInto('notifications')
          .values({
            us_id: operator,
            notif_type: 'JOB_PLANNED',
            job_id,
            notif_params: JSON.stringify({ job_start: start.toISOString() }),
            created_by: admin,
            is_flagged: i % 12 === 0,
          })
          .execute();
      }
      if (lead !== null && (status === 'COMPLETED' || status === 'SIGNED_OFF') && start && start.getTime() < midnight) {
        await trx
          .insertInto('engineer_reports')
          .values({
            job_id,
            us_id: lead,
            er_text: `Work finished: ${DESCRIPTIONS[i % DESCRIPTIONS.length].toLowerCase()}. Site left clean.`,
            er_hours: (2 + (i % 6)).toFixed(2),
          })
          .execute();
      }
    }
  });
}
