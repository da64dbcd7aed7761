/**
 * A job's two work flags (SPEC.md point 7): POST jobs/{id}/remedial ({ job_has_remedial }) marks
 * remedial work to do, POST jobs/{id}/issue ({ job_has_issue }) marks that the job has an issue to
 * deal with. Staff who may modify the job set or clear them; each change is in the job's history
 * and the answer is the job's details.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { objectBody } from '../http/bodySchema';
import { boolSchema } from '../http/bodyShapes';
import { action, idParams } from '../http/route';
import { JOB_STAFF_GATE, modifiableJob } from './access';
import { recordHistory } from './history';
import { jobDetails } from './read';
import { jobDb } from './tables';
import { jobDetailsSchema } from './wireSchemas';

const key = 'jobs';
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;

type Flag = 'job_has_remedial' | 'job_has_issue';

function flagRoute(app: FastifyInstance, name: 'remedial' | 'issue', flag: Flag, summary: string): void {
  const body = objectBody({ [flag]: boolSchema() }, [flag]);
  action(
    app,
    { method: 'POST', url: `/api/jobs/:id/${name}`, key, gate: JOB_STAFF_GATE, params: idParams, summary, body, change: true, data: jobDetailsSchema },
    async (req) => {
      const value = (req.body as Record<Flag, boolean>)[flag];
      const db = jobDb(req.db);
      await db.transaction().execute(async (trx) => {
        const job = await modifiableJob(req, idOf(req), trx, true);
        if (job[flag] === value) return;
        await trx
          .updateTable('jobs')
          .set({ [flag]: value, updated_at: new Date() })
          .where('job_id', '=', job.job_id)
          .execute();
        await recordHistory(trx, {
          job_id: job.job_id,
          us_id: req.user!.us_id,
          entity: 'job',
          entityId: job.job_id,
          action: name,
          changes: { [flag]: { from: job[flag], to: value } },
        });
      });
      return { data: await jobDetails(req, db, idOf(req)) };
    },
  );
}

export function registerJobFlagRoutes(app: FastifyInstance): void {
  flagRoute(app, 'remedial', 'job_has_remedial', 'Set or clear the remedial-work flag: { job_has_remedial: boolean }');
  flagRoute(app, 'issue', 'job_has_issue', 'Set or clear the issue flag: { job_has_issue: boolean }');
}
