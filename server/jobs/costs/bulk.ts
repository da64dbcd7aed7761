/**
 * Applies a staff `_bulk` of cost rows in the caller's transaction: everything is checked first
 * (rows of this job, a SUPPLIER contact or an Engineer user as owner, exactly one of them, a
 * section of this job), then written, so a bad row leaves nothing behind. Each write records
 * history and raises the cost notifications.
 */
import type { NotificationType } from '../../../core/enums';
import { raiseNotification } from '../../notifications/raise';
import { diff, recordHistory } from '../history';
import type { JobDb } from '../tables';
import { FieldErrors } from '../sales/parse';
import { comparableStored, type BulkRow, type CostValues } from './costBody';
import type { StoredCost } from './queries';

/** Within this many days of today a material ETA is "due" (MATERIAL_DUE), later it is NEED_MATERIAL. */
const MATERIAL_DUE_DAYS = 2;

export function materialNotice(eta: Date, now = new Date()): NotificationType {
  return eta.getTime() - now.getTime() <= MATERIAL_DUE_DAYS * 86400000 ? 'MATERIAL_DUE' : 'NEED_MATERIAL';
}

async function validOwners(db: JobDb, jobId: number, rows: BulkRow[]) {
  const coIds = [...new Set(rows.map((r) => r.values.co_id).filter((v): v is number => typeof v === 'number'))];
  const usIds = [...new Set(rows.map((r) => r.values.us_id).filter((v): v is number => typeof v === 'number'))];
  const jssIds = [...new Set(rows.map((r) => r.values.jss_id).filter((v): v is number => typeof v === 'number'))];
  const [suppliers, engineers, sections] = await Promise.all([
    coIds.length ? db.selectFrom('contacts').select('co_id').where('co_id', 'in', coIds).where('co_type', '=', 'SUPPLIER').execute() : [],
    usIds.length ? db.selectFrom('users').select('us_id').where('us_id', 'in', usIds).where('role', '=', 'Engineer').execute() : [],
    jssIds.length ? db.selectFrom('job_sales_sections').select('jss_id').where('jss_id', 'in', jssIds).where('job_id', '=', jobId).execute() : [],
  ]);
  return {
    suppliers: new Set(suppliers.map((r) => r.co_id)),
    engineers: new Set(engineers.map((r) => r.us_id)),
    sections: new Set(sections.map((r) => r.jss_id)),
  };
}

export interface BulkOutcome {
  created: number[];
  updated: number[];
  deleted: number[];
}

export async function applyStaffBulk(db: JobDb, jobId: number, usId: number, rows: BulkRow[], errs = new FieldErrors()): Promise<BulkOutcome> {
  const ids = rows.map((r) => r.jc_id).filter((v): v is number => v !== null);
  const stored = ids.length ? await db.selectFrom('job_costs').selectAll().where('job_id', '=', jobId).where('jc_id', 'in', ids).forUpdate().execute() : [];
  const byId = new Map<number, StoredCost>(stored.map((c) => [c.jc_id, c]));
  const owners = await validOwners(db, jobId, rows);
  const locks = await db.selectFrom('job_engineer_locks').select(['us_id', 'locked']).where('job_id', '=', jobId).execute();
  const lockedEngineers = new Set(locks.filter((l) => l.locked).map((l) => l.us_id));

  for (const r of rows) {
    const p = `_bulk.${r.index}.`;
    const before = r.jc_id === null ? undefined : byId.get(r.jc_id);
    if (r.jc_id !== null && !before) {
      errs.add(`${p}jc_id`, 'value');
      continue;
    }
    if (r.remove) continue;
    const merged = { co_id: before?.co_id ?? null, us_id: before?.us_id ?? null, ...r.values };
    if (merged.co_id == null && merged.us_id == null) errs.add(`${p}co_id`, 'required');
    else if (merged.co_id != null && merged.us_id != null) errs.add(`${p}us_id`, 'value');
    if (typeof r.values.co_id === 'number' && !owners.suppliers.has(r.values.co_id)) errs.add(`${p}co_id`, 'value');
    if (typeof r.values.us_id === 'number' && !owners.engineers.has(r.values.us_id)) errs.add(`${p}us_id`, 'value');
    if (typeof r.values.jss_id === 'number' && !owners.sections.has(r.values.jss_id)) errs.add(`${p}jss_id`, 'value');
  }
  errs.throwIfAny();

  const out: BulkOutcome = { created: [], updated: [], deleted: [] };
  for (const r of rows) {
    const before = r.jc_id === null ? undefined : byId.get(r.jc_id);
    if (before && r.remove) {
      await db.deleteFrom('job_costs').where('jc_id', '=', before.jc_id).execute();
      await recordHistory(db, { job_id: jobId, us_id: usId, entity: 'cost', entityId: before.jc_id, action: 'delete', changes: summary(before) });
      await raiseNotification(db, { type: 'COST_REMOVED', job_id: jobId, actor: usId, params: { jc_id: before.jc_id, jc_item: before.jc_item } });
      out.deleted.push(before.jc_id);
    } else if (before) {
      const changes = diff(comparableStored(before as unknown as Record<string, unknown>), r.values as Record<string, unknown>);
      if (!Object.keys(changes).length) continue;
      await db
        .updateTable('job_costs')
        .set({ ...r.values, updated_at: new Date() })
        .where('jc_id', '=', before.jc_id)
        .execute();
      await recordHistory(db, { job_id: jobId, us_id: usId, entity: 'cost', entityId: before.jc_id, action: 'update', changes });
      await raiseNotification(db, {
        type: 'COST_MODIFIED',
        job_id: jobId,
        actor: usId,
        params: { jc_id: before.jc_id, jc_item: r.values.jc_item ?? before.jc_item, fields: Object.keys(changes) },
      });
      await etaNotice(db, jobId, usId, before.jc_id, before.jc_material_eta, r.values);
      out.updated.push(before.jc_id);
    } else {
      const ownerId = r.values.us_id ?? null;
      const values = { ...r.values, job_id: jobId, created_by: usId, jc_locked: ownerId !== null && lockedEngineers.has(ownerId) };
      const { jc_id } = await db.insertInto('job_costs').values(values).returning('jc_id').executeTakeFirstOrThrow();
      await recordHistory(db, { job_id: jobId, us_id: usId, entity: 'cost', entityId: jc_id, action: 'create', changes: r.values as Record<string, unknown> });
      await raiseNotification(db, { type: 'COST_ADDED', job_id: jobId, actor: usId, params: { jc_id, jc_item: r.values.jc_item ?? null } });
      await etaNotice(db, jobId, usId, jc_id, null, r.values);
      out.created.push(jc_id);
    }
  }
  return out;
}

function summary(c: StoredCost): Record<string, unknown> {
  return { jc_item: c.jc_item, co_id: c.co_id, us_id: c.us_id, jc_qty_operator: c.jc_qty_operator, jc_net_price_operator: c.jc_net_price_operator };
}

/** A material ETA newly set or moved raises NEED_MATERIAL, or MATERIAL_DUE when it is close. */
async function etaNotice(db: JobDb, jobId: number, usId: number, jcId: number, before: Date | null, values: CostValues): Promise<void> {
  const eta = values.jc_material_eta;
  if (!eta || (before && before.getTime() === eta.getTime())) return;
  await raiseNotification(db, { type: materialNotice(eta), job_id: jobId, actor: usId, params: { jc_id: jcId, jc_material_eta: eta.toISOString() } });
}
