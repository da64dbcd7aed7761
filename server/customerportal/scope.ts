/**
 * A customer's scope, computed on the server for every call and never taken from the body
 * (docs/CONTRACT-NOTES.md, customer portal): the client contacts and property managers assigned to
 * the user (users/assingclientcontacts, assingpropertymanagers). Their jobs are the jobs whose
 * customer they are, plus the jobs of those clients and managers (a landlord's agent follows every
 * job of the landlord); their sites are the sites those clients or managers are on. Anything
 * outside answers 404, exactly as a missing record, so ids of other customers reveal nothing.
 */
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { authRequired, notFound } from '../envelope/errors';
import type { JobsTable } from '../jobs/tables';
import type { CustomerDb } from './tables';

export interface CustomerScope {
  usId: number;
  clientIds: number[];
  pmIds: number[];
}

export async function loadScope(req: FastifyRequest, db: CustomerDb): Promise<CustomerScope> {
  if (!req.user) throw authRequired();
  const usId = req.user.us_id;
  const [clients, pms] = await Promise.all([
    db.selectFrom('user_client_contacts').select('co_id').where('us_id', '=', usId).execute(),
    db.selectFrom('user_property_managers').select('pm_id').where('us_id', '=', usId).execute(),
  ]);
  return { usId, clientIds: clients.map((c) => c.co_id), pmIds: pms.map((p) => p.pm_id) };
}

/** The ids of the jobs in scope, as a subquery (through the builder, so in the request's brand schema). */
export function scopedJobIds(db: CustomerDb, scope: CustomerScope) {
  return db
    .selectFrom('jobs as sj')
    .select('sj.job_id')
    .where((eb) =>
      eb.or([
        eb('sj.customer_us_id', '=', scope.usId),
        ...(scope.clientIds.length ? [eb('sj.co_id', 'in', scope.clientIds)] : []),
        ...(scope.pmIds.length ? [eb('sj.pm_id', 'in', scope.pmIds)] : []),
      ]),
    );
}

/** The ids of the sites in scope, as a subquery; none when the user has neither clients nor managers. */
export function scopedSiteIds(db: CustomerDb, scope: CustomerScope) {
  return db
    .selectFrom('jobsites as ss')
    .select('ss.js_id')
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('jobsite_clients as sc')
            .select('sc.js_id')
            .whereRef('sc.js_id', '=', 'ss.js_id')
            .where('sc.co_id', 'in', scope.clientIds.length ? scope.clientIds : [0]),
        ),
        eb.exists(
          eb
            .selectFrom('jobsite_propertymanagers as sp')
            .select('sp.js_id')
            .whereRef('sp.js_id', '=', 'ss.js_id')
            .where('sp.pm_id', 'in', scope.pmIds.length ? scope.pmIds : [0]),
        ),
      ]),
    );
}

/** The stored job if it is in scope, else 404; `forUpdate` locks it for a read-then-write. */
export async function scopedJob(db: CustomerDb, scope: CustomerScope, jobId: number, forUpdate = false): Promise<Selectable<JobsTable>> {
  let q = db.selectFrom('jobs').selectAll().where('job_id', '=', jobId).where('job_id', 'in', scopedJobIds(db, scope));
  if (forUpdate) q = q.forUpdate();
  const job = await q.executeTakeFirst();
  if (!job) throw notFound();
  return job;
}

export async function requireSite(db: CustomerDb, scope: CustomerScope, jsId: number): Promise<void> {
  const row = await db.selectFrom('jobsites').select('js_id').where('js_id', '=', jsId).where('js_id', 'in', scopedSiteIds(db, scope)).executeTakeFirst();
  if (!row) throw notFound();
}

export function requireClient(scope: CustomerScope, coId: number): void {
  if (!scope.clientIds.includes(coId)) throw notFound();
}

export function requirePm(scope: CustomerScope, pmId: number): void {
  if (!scope.pmIds.includes(pmId)) throw notFound();
}
