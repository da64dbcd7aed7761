/**
 * POST dispatch/visits/{id}: a job dropped on an engineer's lane at a time. The job's schedule and
 * engineers change through the one job write path (checks, history, JOB_PLANNED notices): the
 * engineer it lands on leads it, the lane it left (from_us_id) drops off, the others stay as helpers,
 * and an approved job becomes booked.
 */
import type { FastifyRequest } from 'fastify';
import type { DispatchMove } from '../../core/dispatch/types';
import { shiftedEnd } from '../../core/dispatch/week';
import { toWireDate } from '../envelope/datetime';
import { invalidField } from '../envelope/errors';
import { modifiableJob } from '../jobs/access';
import { peopleOf } from '../jobs/people';
import { jobDb } from '../jobs/tables';
import { parseWireDate } from '../jobs/validate';
import { updateJob, type JobChange } from '../jobs/writes';

export interface MovedVisit {
  job_id: number;
  us_id: number;
  job_start: string;
  job_end: string;
  job_status: string;
}

export async function moveVisit(req: FastifyRequest, jobId: number, body: DispatchMove): Promise<MovedVisit> {
  const start = parseWireDate(body.job_start);
  if (!start) throw invalidField('job_start', 'validation.value');
  const givenEnd = body.job_end === undefined ? undefined : parseWireDate(body.job_end);
  if (givenEnd === null || (body.job_end !== undefined && !givenEnd)) throw invalidField('job_end', 'validation.value');
  return jobDb(req.db)
    .transaction()
    .execute(async (trx) => {
      const job = await modifiableJob(req, jobId, trx, true);
      const end = givenEnd ?? parseWireDate(shiftedEnd(toWireDate(job.job_start), toWireDate(job.job_end), toWireDate(start)!))!;
      const helpers = (await peopleOf(trx, jobId)).engineers
        .filter((e) => e.us_id !== body.us_id && e.us_id !== body.from_us_id)
        .map((e) => ({ us_id: e.us_id, is_lead: false }));
      const change: JobChange = { job_start: start, job_end: end, engineers: [{ us_id: body.us_id, is_lead: true }, ...helpers] };
      if (job.job_status === 'APPROVED') change.job_status = 'BOOKED';
      await updateJob(req, trx, job, change, 'dispatch');
      return { job_id: jobId, us_id: body.us_id, job_start: toWireDate(start)!, job_end: toWireDate(end)!, job_status: change.job_status ?? job.job_status };
    });
}
