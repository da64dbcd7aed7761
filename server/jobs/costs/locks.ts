/**
 * Cost locks per engineer (SPEC.md point 4): job_engineer_locks holds the state and every cost row
 * of that engineer on the job carries it in jc_locked, so one check on the row refuses a locked
 * engineer's change. Used by engineerlockedstatus (staff) and the engineer portal's lockcosts.
 */
import { salesCostsText } from '../../../core/jobs/sales/messages';
import { AppError } from '../../envelope/errors';
import { recordHistory } from '../history';
import type { JobDb } from '../tables';

/** 403 for one record, so the SPA shows the text and stays on the page. */
export const costsLocked = () => new AppError({ code: 'FORBIDDEN', status: 403, primary: salesCostsText('errors.costsLocked'), general: 'record' });

export async function setEngineerLock(db: JobDb, jobId: number, engineerId: number, locked: boolean, actor: number): Promise<void> {
  await db
    .insertInto('job_engineer_locks')
    .values({ job_id: jobId, us_id: engineerId, locked, changed_by: actor, changed_at: new Date() })
    .onConflict((oc) => oc.columns(['job_id', 'us_id']).doUpdateSet({ locked, changed_by: actor, changed_at: new Date() }))
    .execute();
  await db.updateTable('job_costs').set({ jc_locked: locked, updated_at: new Date() }).where('job_id', '=', jobId).where('us_id', '=', engineerId).execute();
  await recordHistory(db, {
    job_id: jobId,
    us_id: actor,
    entity: 'cost',
    entityId: null,
    action: locked ? 'lock' : 'unlock',
    changes: { us_id: engineerId, locked },
  });
}

export async function isEngineerLocked(db: JobDb, jobId: number, engineerId: number): Promise<boolean> {
  const row = await db.selectFrom('job_engineer_locks').select('locked').where('job_id', '=', jobId).where('us_id', '=', engineerId).executeTakeFirst();
  return row?.locked ?? false;
}
