/**
 * Fills a fresh database with the two demo brands. It runs only when `global.sites` is empty, so
 * starting again (or on a database someone already uses) never duplicates or overwrites data.
 */
import { sql } from 'kysely';
import { createBrand } from '../brand/create';
import { globalDb, type RootDb } from '../db/types';
import { acmeBrand, demoBrand } from './brands';
import { ACME_DEPARTMENTS, DEMO_DEPARTMENTS, createDepartments } from './departments';
import { ACME_PEOPLE, DEMO_PEOPLE } from './people';
import { createDemoUsers } from './users';
import { createReferenceData } from './referenceData';
import { createDemoJobs } from './jobs';
import { createDemoMail } from './mail';
import { createDemoAccounting } from './accounting';
import { createDemoCustomerPortal } from './customerPortal';

export async function seedIfEmpty(root: RootDb): Promise<boolean> {
  const existing = await globalDb(root).selectFrom('sites').select('s_id').limit(1).executeTakeFirst();
  if (existing) return false;

  const demo = await createBrand(root, demoBrand());
  const demoUsers = await createDemoUsers(root, demo.schema, DEMO_PEOPLE);
  // The demo's Developer and Sales act across brands (the operator's `npm run platform` grant);
  // Acme's act on Acme only.
  for (const role of ['Developer', 'Sales']) {
    await sql`insert into global.platform_accounts (s_id, us_id) values (${demo.s_id}, ${demoUsers[role]})`.execute(root);
  }
  await createDepartments(root, demo.schema, DEMO_DEPARTMENTS);
  await createReferenceData(root, demo.schema);
  await createDemoJobs(root, demo.schema);
  await createDemoMail(root, demo.schema);
  await createDemoCustomerPortal(root, demo.schema);
  // Acme has no accounting feature, so it gets no tax rates or items.
  await createDemoAccounting(root, demo.schema);

  const acme = await createBrand(root, acmeBrand());
  await createDemoUsers(root, acme.schema, ACME_PEOPLE);
  await createDepartments(root, acme.schema, ACME_DEPARTMENTS);
  return true;
}
