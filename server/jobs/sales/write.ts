/**
 * The shared frame of every sales write: one transaction that locks the job (modifiableJob with
 * forUpdate, so two writes of one job queue), runs the change, refreshes jobs.net_quote and
 * net_sales, and answers the job's sales as they are after the change.
 */
import type { FastifyRequest } from 'fastify';
import { salesCostsText } from '../../../core/jobs/sales/messages';
import { XE_SEC_FINAL, type JobSales } from '../../../core/jobs/sales/types';
import { AppError } from '../../envelope/errors';
import { modifiableJob, type JobRow } from '../access';
import { jobDb, type JobDb } from '../tables';
import { loadJobSales, type SectionRow } from './queries';
import { refreshJobTotals } from './totals';

/** 409 XE_SEC_FINAL (SPEC.md point 8): a final section refuses every change. */
export const sectionIsFinal = () => new AppError({ code: XE_SEC_FINAL, status: 409, primary: salesCostsText('errors.sectionFinal') });

export function refuseFinal(section: Pick<SectionRow, 'jss_is_final'>): void {
  if (section.jss_is_final) throw sectionIsFinal();
}

export interface SalesWriteContext {
  db: JobDb;
  job: JobRow;
  usId: number;
}

export async function salesWrite(req: FastifyRequest, jobId: number, change: (ctx: SalesWriteContext) => Promise<void>): Promise<JobSales> {
  return jobDb(req.db)
    .transaction()
    .execute(async (trx) => {
      const job = await modifiableJob(req, jobId, trx, true);
      await change({ db: trx, job, usId: req.user!.us_id });
      await refreshJobTotals(trx, jobId);
      return loadJobSales(trx, jobId);
    });
}
