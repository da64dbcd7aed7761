/** Fixtures of the customer-portal tests: a customer with their own client, manager, site and jobs, made straight in the demo brand. */
import type { RootDb } from '../db/types';
import { brandJobs, makeUser } from '../jobs/sales/testJobs';
import { uniqueName } from '../test/helpers';

export interface CustomerWorld {
  us_id: number;
  email: string;
  co_id: number;
  pm_id: number;
  js_id: number;
  /** A site of their manager only (no client of theirs on it). */
  pm_js_id: number;
}

/** A Customer user linked to a new client contact and property manager, each on a new site; default operators when given. */
export async function makeCustomer(root: RootDb, operators: number[] = []): Promise<CustomerWorld> {
  const db = brandJobs(root);
  const user = await makeUser(root, 'Customer');
  const { co_id } = await db
    .insertInto('contacts')
    .values({ co_type: 'CLIENT', co_name: uniqueName('Client') })
    .returning('co_id')
    .executeTakeFirstOrThrow();
  const { pm_id } = await db
    .insertInto('propertymanagers')
    .values({ pm_name: uniqueName('Manager') })
    .returning('pm_id')
    .executeTakeFirstOrThrow();
  const { js_id } = await db
    .insertInto('jobsites')
    .values({ js_address: uniqueName('1 Portal St'), js_postcode: 'PO1 1RT' })
    .returning('js_id')
    .executeTakeFirstOrThrow();
  const pmSite = await db
    .insertInto('jobsites')
    .values({ js_address: uniqueName('2 Manager Rd') })
    .returning('js_id')
    .executeTakeFirstOrThrow();
  await db.insertInto('jobsite_clients').values({ js_id, co_id, is_lead: true }).execute();
  await db.insertInto('jobsite_propertymanagers').values({ js_id: pmSite.js_id, pm_id, is_lead: true }).execute();
  await db.insertInto('user_client_contacts').values({ us_id: user.us_id, co_id }).execute();
  await db.insertInto('user_property_managers').values({ us_id: user.us_id, pm_id }).execute();
  if (operators.length)
    await db
      .insertInto('user_default_operators')
      .values(operators.map((operator_us_id) => ({ us_id: user.us_id, operator_us_id })))
      .execute();
  return { ...user, co_id, pm_id, js_id, pm_js_id: pmSite.js_id };
}

/** A numbered job of the customer's (as their customer, or through their client) in the first department. */
export async function customerJob(
  root: RootDb,
  c: CustomerWorld,
  opts: { status?: string; via?: 'customer' | 'client' | 'pm'; start?: Date; end?: Date; desc?: string } = {},
): Promise<number> {
  const db = brandJobs(root);
  const de = await db.selectFrom('departments').select('de_id').orderBy('de_id').executeTakeFirstOrThrow();
  const via = opts.via ?? 'customer';
  const { job_id } = await db
    .insertInto('jobs')
    .values({
      de_id: de.de_id,
      js_id: via === 'pm' ? c.pm_js_id : c.js_id,
      co_id: via === 'client' ? c.co_id : null,
      pm_id: via === 'pm' ? c.pm_id : null,
      customer_us_id: via === 'customer' ? c.us_id : null,
      job_status: opts.status ?? 'BOOKED',
      job_desc: opts.desc ?? uniqueName('Leak'),
      job_number: uniqueName('CP'),
      job_start: opts.start ?? null,
      job_end: opts.end ?? null,
    })
    .returning('job_id')
    .executeTakeFirstOrThrow();
  return job_id;
}

/** Notifications of one type on a job, per recipient. */
export async function notificationsOf(root: RootDb, jobId: number, type: string) {
  return brandJobs(root)
    .selectFrom('notifications')
    .select(['us_id', 'notif_params', 'created_by'])
    .where('job_id', '=', jobId)
    .where('notif_type', '=', type)
    .execute();
}
