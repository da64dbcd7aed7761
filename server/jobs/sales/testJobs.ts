/** Test fixtures for the sales, cost and engineer-portal tests: jobs and users made straight in a brand schema. */
import { createUser } from '../../seed/users';
import type { RootDb } from '../../db/types';
import { uniqueName } from '../../test/helpers';
import { jobDb, type JobDb } from '../tables';

export const DEMO_SCHEMA = 'site_1';

export function brandJobs(root: RootDb, schema = DEMO_SCHEMA): JobDb {
  return jobDb(root.withSchema(schema));
}

/** A job in the brand's first department; engineers are put on it when given. */
export async function makeJob(root: RootDb, opts: { engineers?: number[]; schema?: string; status?: string; desc?: string } = {}): Promise<number> {
  const db = brandJobs(root, opts.schema);
  const de = await db.selectFrom('departments').select('de_id').orderBy('de_id').executeTakeFirstOrThrow();
  const site = await db.selectFrom('jobsites').select('js_id').orderBy('js_id').executeTakeFirst();
  const { job_id } = await db
    .insertInto('jobs')
    .values({
      de_id: de.de_id,
      js_id: site?.js_id ?? null,
      job_status: opts.status ?? 'QUOTED',
      job_desc: opts.desc ?? uniqueName('job'),
      job_number: uniqueName('T'),
    })
    .returning('job_id')
    .executeTakeFirstOrThrow();
  if (opts.engineers?.length)
    await db
      .insertInto('job_engineers')
      .values(opts.engineers.map((us_id, i) => ({ job_id, us_id, is_lead: i === 0 })))
      .execute();
  return job_id;
}

export async function userId(root: RootDb, email: string, schema = DEMO_SCHEMA): Promise<number> {
  const row = await brandJobs(root, schema).selectFrom('users').select('us_id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.us_id;
}

/** A second engineer (or any role) with the demo password, for "only their own" tests. */
export async function makeUser(root: RootDb, role: string, schema = DEMO_SCHEMA): Promise<{ us_id: number; email: string }> {
  const email = `${uniqueName(role.toLowerCase())}@demo.test`;
  const us_id = await createUser(root, schema, { email, role, firstname: 'Test', surname: role });
  return { us_id, email };
}

export async function supplierId(root: RootDb, schema = DEMO_SCHEMA): Promise<number> {
  const row = await brandJobs(root, schema).selectFrom('contacts').select('co_id').where('co_type', '=', 'SUPPLIER').orderBy('co_id').executeTakeFirstOrThrow();
  return row.co_id;
}
