/**
 * POST jobs/bulk (core/jobs/home/bulk.ts): a status, a tag added or removed, or an operator assigned
 * on the selected jobs. Each job goes through what a change of that one job goes through
 * (modifiableJob: staff, the brand's database, the assigned-users rule; updateJob: its checks,
 * history and notices) in its own transaction, so a job the user may not change is refused alone
 * and named in the answer while the others change.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JOB_STATUSES, JOB_TAGS } from '../../../core/enums';
import { BULK_ACTIONS, BULK_MAX_JOBS, type BulkAnswer, type BulkBody } from '../../../core/jobs/home/bulk';
import { AppError, invalidField } from '../../envelope/errors';
import { objectBody } from '../../http/bodySchema';
import { idSchema } from '../../http/bodyShapes';
import { action } from '../../http/route';
import { JOB_STAFF_GATE, assignedUserIds, modifiableJob, type JobRow } from '../access';
import { jobDb, type JobDb } from '../tables';
import { parseJobWrite } from '../validate';
import { updateJob, type JobChange } from '../writes';

const body = objectBody(
  {
    job_ids: { type: 'array', items: idSchema(), minItems: 1, maxItems: BULK_MAX_JOBS, uniqueItems: true },
    action: { enum: [...BULK_ACTIONS] },
    job_status: { enum: [...JOB_STATUSES] },
    job_tag: { enum: [...JOB_TAGS] },
    us_id: idSchema(),
  },
  ['job_ids', 'action'],
);
const answer = {
  type: 'object',
  required: ['changed', 'refused'],
  properties: {
    changed: { type: 'array', items: { type: 'integer' } },
    refused: {
      type: 'array',
      items: { type: 'object', required: ['job_id', 'message'], properties: { job_id: { type: 'integer' }, message: { type: 'string' } } },
    },
  },
};

/** The change for one job, from the body and the job as it is now. */
async function changeFor(db: JobDb, b: BulkBody, job: JobRow): Promise<JobChange> {
  switch (b.action) {
    case 'status':
      return parseJobWrite({ job_status: b.job_status }, 'update');
    case 'addTag':
      return parseJobWrite({ job_tags: [...new Set([...job.job_tags, b.job_tag!])] }, 'update');
    case 'removeTag':
      return parseJobWrite({ job_tags: job.job_tags.filter((t) => t !== b.job_tag) }, 'update');
    case 'assignOperator':
      return parseJobWrite({ assigned: [...new Set([...(await assignedUserIds(db, job.job_id)), b.us_id!])] }, 'update');
  }
}

/** The value the action needs, required before any job is touched. */
function checkBody(b: BulkBody): void {
  if (b.action === 'status' && !b.job_status) throw invalidField('job_status', 'validation.required');
  if ((b.action === 'addTag' || b.action === 'removeTag') && !b.job_tag) throw invalidField('job_tag', 'validation.required');
  if (b.action === 'assignOperator' && !b.us_id) throw invalidField('us_id', 'validation.required');
}

async function applyBulk(req: FastifyRequest, b: BulkBody): Promise<BulkAnswer> {
  const db = jobDb(req.db);
  const out: BulkAnswer = { changed: [], refused: [] };
  for (const id of b.job_ids) {
    try {
      await db.transaction().execute(async (trx) => {
        const job = await modifiableJob(req, id, trx, true);
        await updateJob(req, trx, job, await changeFor(trx, b, job), 'bulk');
      });
      out.changed.push(id);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      out.refused.push({ job_id: id, message: e.more[0]?.primary ?? e.primary ?? e.code });
    }
  }
  return out;
}

export function registerJobBulkRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/jobs/bulk',
      key: 'jobs',
      gate: JOB_STAFF_GATE,
      summary: 'One change on several jobs (status, add or remove a tag, assign an operator); each job checked as its own change, the refused ones named',
      body,
      data: answer,
      change: true,
    },
    async (req) => {
      const b = req.body as BulkBody;
      checkBody(b);
      return { data: await applyBulk(req, b) };
    },
  );
}
