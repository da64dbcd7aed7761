/**
 * The engineer's own costs on a job: read, write (their fields only, `_bulk`), the description
 * of their costs, and submitting (locking) them. A locked engineer is refused with 403
 * 'Your costs are locked!' and nothing changes. Rows of other engineers or suppliers are never
 * shown and cannot be named. Rows the office entered for the engineer are shown with the office's
 * text and figures, marked entered_by_office, and cannot be changed or removed here.
 */
import { formatMinor, sumMinor, toMinor } from '../../core/jobs/money';
import type { EngineerCostRow, EngineerCosts } from '../../core/jobs/costs/types';
import { toWireDate } from '../envelope/datetime';
import { raiseNotification } from '../notifications/raise';
import { recordHistory, diff } from '../jobs/history';
import { comparableStored, type BulkRow } from '../jobs/costs/costBody';
import { costsLocked, isEngineerLocked } from '../jobs/costs/locks';
import { costNetMinor, type StoredCost } from '../jobs/costs/queries';
import { FieldErrors } from '../jobs/sales/parse';
import { salesSiteValues } from '../jobs/sales/siteValues';
import { moneyOrNull, qtyOrNull } from '../jobs/sales/wireNum';
import { jobDb } from '../jobs/tables';
import type { PortalDb } from './tables';

/**
 * A row the office entered for the engineer (created by anyone else) is shown with the office's
 * text and figures and is read-only for the engineer; on the engineer's own rows the office's
 * figures stay hidden (they see what they claimed, whatever the office later set).
 */
const enteredByOffice = (c: StoredCost, usId: number) => c.created_by !== usId;

function wireRow(c: StoredCost, usId: number): EngineerCostRow {
  const office = enteredByOffice(c, usId);
  const engineerFigures = {
    jc_qty_operator: null,
    jc_net_price_operator: null,
    jc_qty_engineer: c.jc_qty_engineer,
    jc_net_price_engineer: c.jc_net_price_engineer,
  };
  return {
    jc_id: c.jc_id,
    jc_item: c.jc_item,
    jc_desc_engineer: c.jc_desc_engineer,
    jc_qty_engineer: qtyOrNull(c.jc_qty_engineer),
    jc_net_price_engineer: moneyOrNull(c.jc_net_price_engineer),
    entered_by_office: office,
    jc_desc_operator: office ? c.jc_desc_operator : null,
    jc_qty_operator: office ? qtyOrNull(c.jc_qty_operator) : null,
    jc_net_price_operator: office ? moneyOrNull(c.jc_net_price_operator) : null,
    jc_cost_type: c.jc_cost_type,
    jc_material_type: c.jc_material_type,
    jc_material_eta: toWireDate(c.jc_material_eta),
    jc_locked: c.jc_locked,
    // The office's figures on its own rows (else the engineer's); the engineer's claim on theirs.
    jc_net_total: formatMinor(costNetMinor(office ? c : engineerFigures)),
  };
}

export async function loadEngineerCosts(db: PortalDb, jobId: number, usId: number): Promise<EngineerCosts> {
  const [rows, locked, site] = await Promise.all([
    db.selectFrom('job_costs').selectAll().where('job_id', '=', jobId).where('us_id', '=', usId).orderBy('jc_id').execute(),
    isEngineerLocked(jobDb(db), jobId, usId),
    salesSiteValues(jobDb(db)),
  ]);
  const wired = rows.map((r) => wireRow(r, usId));
  return { job_id: jobId, locked, rows: wired, total: formatMinor(sumMinor(wired.map((r) => toMinor(r.jc_net_total)))), currency: site.currency };
}

/** Refuses any change while the engineer's costs on the job are locked. */
export async function refuseIfLocked(db: PortalDb, jobId: number, usId: number): Promise<void> {
  if (await isEngineerLocked(jobDb(db), jobId, usId)) throw costsLocked();
}

export async function applyEngineerBulk(db: PortalDb, jobId: number, usId: number, rows: BulkRow[], errs = new FieldErrors()): Promise<void> {
  await refuseIfLocked(db, jobId, usId);
  const ids = rows.map((r) => r.jc_id).filter((v): v is number => v !== null);
  const own = ids.length
    ? await db.selectFrom('job_costs').selectAll().where('job_id', '=', jobId).where('us_id', '=', usId).where('jc_id', 'in', ids).forUpdate().execute()
    : [];
  const byId = new Map(own.map((c) => [c.jc_id, c]));
  // A row the office entered is read-only here: naming it is refused like another engineer's row.
  for (const r of rows) if (r.jc_id !== null && (!byId.has(r.jc_id) || enteredByOffice(byId.get(r.jc_id)!, usId))) errs.add(`_bulk.${r.index}.jc_id`, 'value');
  errs.throwIfAny();
  if (own.some((c) => c.jc_locked)) throw costsLocked();

  for (const r of rows) {
    const before = r.jc_id === null ? undefined : byId.get(r.jc_id);
    if (before && r.remove) {
      await db.deleteFrom('job_costs').where('jc_id', '=', before.jc_id).execute();
      await recordHistory(jobDb(db), {
        job_id: jobId,
        us_id: usId,
        entity: 'cost',
        entityId: before.jc_id,
        action: 'delete',
        changes: { jc_item: before.jc_item },
      });
      await raiseNotification(jobDb(db), { type: 'COST_REMOVED', job_id: jobId, actor: usId, params: { jc_id: before.jc_id, jc_item: before.jc_item } });
    } else if (before) {
      const changes = diff(comparableStored(before as unknown as Record<string, unknown>), r.values as Record<string, unknown>);
      if (!Object.keys(changes).length) continue;
      await db
        .updateTable('job_costs')
        .set({ ...r.values, updated_at: new Date() })
        .where('jc_id', '=', before.jc_id)
        .execute();
      await recordHistory(jobDb(db), { job_id: jobId, us_id: usId, entity: 'cost', entityId: before.jc_id, action: 'update', changes });
      await raiseNotification(jobDb(db), { type: 'COST_MODIFIED', job_id: jobId, actor: usId, params: { jc_id: before.jc_id, fields: Object.keys(changes) } });
    } else {
      const { jc_id } = await db
        .insertInto('job_costs')
        .values({ ...r.values, job_id: jobId, us_id: usId, created_by: usId })
        .returning('jc_id')
        .executeTakeFirstOrThrow();
      await recordHistory(jobDb(db), {
        job_id: jobId,
        us_id: usId,
        entity: 'cost',
        entityId: jc_id,
        action: 'create',
        changes: r.values as Record<string, unknown>,
      });
      await raiseNotification(jobDb(db), { type: 'COST_ADDED', job_id: jobId, actor: usId, params: { jc_id, jc_item: r.values.jc_item ?? null } });
    }
  }
}
