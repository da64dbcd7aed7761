/**
 * A job's people: engineers (one lead), suppliers and assigned users. A list given in a write
 * replaces the stored one; `peopleOf` reads them back for details, history and copies.
 */
import type { JobDb } from './tables';

export interface JobPeople {
  engineers: { us_id: number; is_lead: boolean }[];
  suppliers: { co_id: number }[];
  assigned: number[];
}

export async function peopleOf(db: JobDb, jobId: number): Promise<JobPeople> {
  const [engineers, suppliers, assigned] = await Promise.all([
    db.selectFrom('job_engineers').select(['us_id', 'is_lead']).where('job_id', '=', jobId).orderBy('is_lead', 'desc').orderBy('us_id').execute(),
    db.selectFrom('job_suppliers').select('co_id').where('job_id', '=', jobId).orderBy('co_id').execute(),
    db.selectFrom('job_assigned_users').select('us_id').where('job_id', '=', jobId).orderBy('us_id').execute(),
  ]);
  return { engineers, suppliers, assigned: assigned.map((a) => a.us_id) };
}

export async function replaceEngineers(db: JobDb, jobId: number, list: { us_id: number; is_lead: boolean }[]): Promise<void> {
  await db.deleteFrom('job_engineers').where('job_id', '=', jobId).execute();
  if (list.length)
    await db
      .insertInto('job_engineers')
      .values(list.map((e) => ({ job_id: jobId, us_id: e.us_id, is_lead: e.is_lead })))
      .execute();
}

export async function replaceSuppliers(db: JobDb, jobId: number, list: { co_id: number }[]): Promise<void> {
  await db.deleteFrom('job_suppliers').where('job_id', '=', jobId).execute();
  if (list.length)
    await db
      .insertInto('job_suppliers')
      .values(list.map((s) => ({ job_id: jobId, co_id: s.co_id })))
      .execute();
}

export async function replaceAssigned(db: JobDb, jobId: number, list: number[]): Promise<void> {
  await db.deleteFrom('job_assigned_users').where('job_id', '=', jobId).execute();
  if (list.length)
    await db
      .insertInto('job_assigned_users')
      .values(list.map((us_id) => ({ job_id: jobId, us_id })))
      .execute();
}

/** Writes the lists the body names; returns the history changes of those lists. */
export async function applyPeople(db: JobDb, jobId: number, w: Partial<JobPeople>, before: JobPeople): Promise<Record<string, { from: unknown; to: unknown }>> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const sortKey = (v: unknown) => JSON.stringify(v);
  const note = (field: keyof JobPeople, to: unknown[]) => {
    const from = before[field] as unknown[];
    const a = from.map(sortKey).sort().join();
    const b = to.map(sortKey).sort().join();
    if (a !== b) changes[field] = { from, to };
  };
  if (w.engineers) {
    note('engineers', w.engineers);
    if (changes.engineers) await replaceEngineers(db, jobId, w.engineers);
  }
  if (w.suppliers) {
    note('suppliers', w.suppliers);
    if (changes.suppliers) await replaceSuppliers(db, jobId, w.suppliers);
  }
  if (w.assigned) {
    note('assigned', w.assigned);
    if (changes.assigned) await replaceAssigned(db, jobId, w.assigned);
  }
  return changes;
}
