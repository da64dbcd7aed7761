/**
 * The engineer's two work flags on a job they are on (SPEC.md point 7, engineer portal:
 * POST {id}/issue and {id}/remedial). The body is `{ job_has_issue | job_has_remedial: boolean,
 * note?: string }`: the engineer sets or clears the flag the office also sets (jobs/{id}/issue,
 * jobs/{id}/remedial), optionally telling why. Each change is in the job's history (action
 * `issue` or `remedial`, the note with it); raising a flag notifies the office with the GENERAL
 * type, the only notification type that fits an engineer's report of a problem.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EngineerFlagName, EngineerJob } from '../../core/engineerportal/types';
import { ENGINEER_GATE } from '../jobs/access';
import { recordHistory } from '../jobs/history';
import { jobDb } from '../jobs/tables';
import { raiseNotification } from '../notifications/raise';
import { objectBody } from '../http/bodySchema';
import { boolSchema, textOrNull, textSchema } from '../http/bodyShapes';
import { action } from '../http/route';
import { engineerJobDetails, requireOnJob } from './jobs';
import { portalDb } from './tables';

const FLAGS = { issue: 'job_has_issue', remedial: 'job_has_remedial' } as const;
const idSchema = { type: 'integer', minimum: 1, maximum: 2147483647 };
const jobParams = { type: 'object', properties: { id: idSchema }, required: ['id'] };

interface FlagInput {
  value: boolean;
  note: string | null;
}

/** `{ [flag]: boolean, note? }`, nothing else. */
const flagBody = (flag: string) => ({ ...objectBody({ [flag]: boolSchema(), note: textSchema(3000) }, [flag]), additionalProperties: false });

function flagInput(body: unknown, flag: (typeof FLAGS)[EngineerFlagName]): FlagInput {
  const b = body as Record<string, unknown>;
  return { value: b[flag] as boolean, note: textOrNull(b.note)?.trim() ?? null };
}

/** Sets the flag in one transaction with its history entry and notification; answers the job as the engineer sees it. */
async function setFlag(req: FastifyRequest, name: EngineerFlagName, input: FlagInput): Promise<EngineerJob> {
  const flag = FLAGS[name];
  const usId = req.user!.us_id;
  const jobId = (req.params as { id: number }).id;
  return portalDb(req.db)
    .transaction()
    .execute(async (trx) => {
      await requireOnJob(trx, usId, jobId);
      const db = jobDb(trx);
      const job = await db.selectFrom('jobs').select(['job_id', flag]).where('job_id', '=', jobId).forUpdate().executeTakeFirstOrThrow();
      const before = (job as Record<string, unknown>)[flag] as boolean;
      const changed = before !== input.value;
      // The same value without a note is a repeat click: nothing to record or tell.
      if (changed || input.note) {
        if (changed)
          await db
            .updateTable('jobs')
            .set({ [flag]: input.value, updated_at: new Date() })
            .where('job_id', '=', jobId)
            .execute();
        const changes: Record<string, unknown> = changed ? { [flag]: { from: before, to: input.value } } : {};
        if (input.note) changes.note = input.note;
        await recordHistory(db, { job_id: jobId, us_id: usId, entity: 'job', entityId: jobId, action: name, changes });
        if (input.value)
          await raiseNotification(db, { type: 'GENERAL', job_id: jobId, actor: usId, params: { source: 'engineer', flag: name, text: input.note } });
      }
      return engineerJobDetails(trx, usId, jobId);
    });
}

export function registerEngineerFlagRoutes(app: FastifyInstance): void {
  for (const name of Object.keys(FLAGS) as EngineerFlagName[]) {
    const flag = FLAGS[name];
    action(
      app,
      {
        method: 'POST',
        url: `/api/engineerportal/:id/${name}`,
        key: 'engineerportal',
        gate: ENGINEER_GATE,
        params: jobParams,
        change: true,
        body: flagBody(flag),
        summary: `The engineer sets or clears ${flag} on their job, with an optional note; raising it notifies the office (GENERAL)`,
      },
      async (req) => ({ data: await setFlag(req, name, flagInput(req.body, flag)) }),
    );
  }
}
