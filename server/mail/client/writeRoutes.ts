/** Changing mails: flags one at a time and in bulk, the final delete, and linking a mail to a job. */
import type { FastifyInstance } from 'fastify';
import { forbidden, invalidField } from '../../envelope/errors';
import type { JsonSchema } from '../../envelope/schemas';
import { objectBody } from '../../http/bodySchema';
import { MAX_ID, idSchema, reportedOn } from '../../http/bodyShapes';
import { asObject } from '../../http/objects';
import { modifiableJob } from '../../jobs/access';
import { action, idParams } from '../../http/route';
import { graphAccount } from '../graph/source';
import { deleteOnGraph } from '../graph/writeBack';
import { openImap } from '../sync/connect';
import { mailDb, type MailDb } from '../tables';
import { announceFiling, linkByHand, recordManual, unlinkByHand } from '../routing/manual';
import { routingDb } from '../routing/tables';
import { MAIL_CLIENT_GATE, finalDeleteAllowed, sessionUserId, visibleMail } from './access';
import { checkDeleteAllowed } from './deleteRules';
import { mailJobs } from './jobLinks';
import { anchorOf } from '../copies/copies';
import { changeFlags, flagProperties, parseFlagChanges } from './flags';
import { checkMoveAllowed, moveMail } from './move';

const KEY = 'mails';
const MAX_BULK = 500;
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2147483647;

/** Expunges the mail on the IMAP server, in every folder that holds it. */
async function expungeOnServer(db: MailDb, maId: number, accountId: number): Promise<void> {
  const places = await db
    .selectFrom('mail_locations as l')
    .innerJoin('imapfolders as f', 'f.ifolder_id', 'l.ifolder_id')
    .select(['f.ifolder_path', 'l.uid'])
    .where('l.ma_id', '=', maId)
    .execute();
  if (!places.length) return;
  const graph = await graphAccount(db, accountId);
  if (graph) return deleteOnGraph(db, graph, maId);
  const client = await openImap(db, accountId);
  try {
    for (const place of places) {
      const lock = await client.getMailboxLock(place.ifolder_path);
      try {
        await client.messageDelete(String(place.uid), { uid: true });
      } finally {
        lock.release();
      }
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

const ASSIGN_MODES = ['replace', 'add', 'remove'] as const;
type AssignMode = (typeof ASSIGN_MODES)[number];

/** A required id whose absence or bad value both read 'Invalid value', as the handlers answered. */
const anId = (): JsonSchema => ({ ...idSchema('validation.value'), 'x-required-message': 'validation.value' });

/**
 * One entry of PATCH mails' `_bulk`: failures are named by the entry's own property (`ma_id`, the
 * flag), as the handler named them; a missing `ma_id` and at least one flag stay its checks.
 */
const bulkEntry: JsonSchema = {
  type: ['object', 'null'],
  'x-field': 'body',
  'x-message': 'validation.value',
  properties: {
    ma_id: { type: 'integer', minimum: 1, maximum: MAX_ID, 'x-field': 'ma_id', 'x-message': 'validation.value' },
    ...Object.fromEntries(Object.entries(flagProperties).map(([flag, schema]) => [flag, { ...schema, 'x-field': flag }])),
  },
};

const bulkFlagsBody: JsonSchema = objectBody(
  { _bulk: { type: 'array', minItems: 1, maxItems: MAX_BULK, items: bulkEntry, 'x-message': 'validation.value', 'x-required-message': 'validation.value' } },
  ['_bulk'],
);

const finalDeleteBody = objectBody(
  {
    mail_ids: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BULK,
      items: reportedOn('mail_ids', idSchema()),
      'x-message': 'validation.value',
      'x-required-message': 'validation.value',
    },
  },
  ['mail_ids'],
);

/** `job_id` may be null (unlink every job) but not absent: the absence stays the handler's check (null counts as absent here). */
const assignJobBody = objectBody({ ma_id: anId(), job_id: idSchema('validation.value'), mode: { type: 'string', enum: [...ASSIGN_MODES] } }, ['ma_id']);

export function registerMailWriteRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'PATCH',
      url: '/api/mails/:id',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: 'Sets flags of one mail: is_seen, is_flagged, is_ready, is_spam, is_deleted',
      params: idParams,
      // At least one flag: the handler's check (its answer names no field).
      body: { ...objectBody(flagProperties), additionalProperties: false },
    },
    async (req) => {
      const { id } = req.params as { id: number };
      const [row] = await changeFlags(req, mailDb(req.db), [{ id, changes: parseFlagChanges(req.body) }]);
      return { data: row };
    },
  );

  action(
    app,
    {
      method: 'PATCH',
      url: '/api/mails',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: 'Sets flags of several mails: {_bulk: [{ma_id, ...flags}]}; all or none',
      body: bulkFlagsBody,
    },
    async (req) => {
      const bulk = asObject(req.body)._bulk;
      if (!Array.isArray(bulk) || !bulk.length || bulk.length > MAX_BULK) throw invalidField('_bulk');
      const items = bulk.map((entry) => {
        const e = asObject(entry);
        if (!isId(e.ma_id)) throw invalidField('ma_id');
        return { id: e.ma_id, changes: parseFlagChanges(e, ['ma_id']) };
      });
      return { data: await changeFlags(req, mailDb(req.db), items) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/mails/mailListFinalDelete',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: 'Deletes mails for good, on the IMAP server too (feature mail.finalDeleteIsAllowed, can delete)',
      body: finalDeleteBody,
      change: true,
    },
    async (req) => {
      if (!finalDeleteAllowed(req)) throw forbidden('feature');
      const ids = asObject(req.body).mail_ids;
      if (!Array.isArray(ids) || !ids.length || ids.length > MAX_BULK || !ids.every(isId)) throw invalidField('mail_ids');
      const db = mailDb(req.db);
      const found = [];
      for (const id of ids) {
        const { mail, link } = await visibleMail(req, id, db);
        await checkDeleteAllowed(db, mail, link);
        found.push({ mail, link });
      }
      for (const { mail, link } of found) {
        if (link.has_incoming) await expungeOnServer(db, Number(mail.ma_id), mail.mailaccount_id);
        await db.deleteFrom('mails').where('ma_id', '=', Number(mail.ma_id)).execute();
      }
      return { data: { deleted: found.map((f) => Number(f.mail.ma_id)) } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/mails/:id/move',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary: 'Moves a mail to another folder of its account ({ifolder_id}), on the IMAP server too',
      params: idParams,
      body: objectBody({ ifolder_id: anId() }, ['ifolder_id']),
    },
    async (req) => {
      const { id } = req.params as { id: number };
      const folderId = asObject(req.body).ifolder_id;
      if (!isId(folderId)) throw invalidField('ifolder_id');
      const db = mailDb(req.db);
      const { mail, link } = await visibleMail(req, id, db);
      await checkMoveAllowed(db, mail, link, folderId);
      await moveMail(db, mail, link, folderId);
      return { data: { ma_id: id, ifolder_id: folderId } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/mails/assignjob',
      key: KEY,
      gate: MAIL_CLIENT_GATE,
      summary:
        "Links a mail to a job of the brand ({ma_id, job_id, mode?}): mode `replace` (default) makes it the mail's only job (job_id null unlinks every job), `add` links one more job, `remove` takes the mail off that job; recorded as the user's decision, which no later sync overrides",
      body: assignJobBody,
      change: true,
    },
    async (req) => {
      const body = asObject(req.body);
      if (!isId(body.ma_id)) throw invalidField('ma_id');
      const mode = body.mode ?? 'replace';
      if (!ASSIGN_MODES.includes(mode as AssignMode)) throw invalidField('mode');
      if (body.job_id !== null && !isId(body.job_id)) throw invalidField('job_id');
      if (mode !== 'replace' && body.job_id === null) throw invalidField('job_id');
      const db = mailDb(req.db);
      const { mail } = await visibleMail(req, body.ma_id, db);
      const maId = Number(mail.ma_id);
      const target =
        body.job_id === null
          ? null
          : await db
              .selectFrom('jobs')
              .select(['job_id', 'job_number'])
              .where('job_id', '=', body.job_id as number)
              .executeTakeFirst();
      if (body.job_id !== null && !target) throw invalidField('job_id');
      const current = (await mailJobs(db, maId)).map((j) => j.job_id);
      const removed = mode === 'add' ? [] : mode === 'remove' ? current.filter((id) => id === target!.job_id) : current.filter((id) => id !== target?.job_id);
      // Taking a mail off a job changes that job too (server/jobs/access.ts decides who may).
      for (const jobId of removed) await modifiableJob(req, jobId);
      if (target && mode !== 'remove') await modifiableJob(req, target.job_id);
      const usId = sessionUserId(req);
      // The person's decision is kept with each link: no later sync routes this mail again.
      const remaining = await db.transaction().execute(async (trx) => {
        const rdb = routingDb(trx);
        // A message that reached several inboxes is filed once, on its first copy (copies.ts).
        const anchor = await anchorOf(mailDb(trx), maId);
        await unlinkByHand(rdb, anchor, removed);
        if (target && mode !== 'remove') await linkByHand(rdb, anchor, target.job_id, usId);
        const left = await mailJobs(mailDb(trx), maId);
        const named = mode === 'remove' ? left[0] : target;
        await recordManual(rdb, anchor, usId, left.length && named ? { job_number: named.job_number } : null);
        await announceFiling(rdb, [mail.mailaccount_id]);
        return left;
      });
      const shown = mode === 'remove' ? (remaining[0] ?? null) : target;
      return { data: { ma_id: maId, job_id: shown?.job_id ?? null, job_number: shown?.job_number ?? null, job_ids: remaining.map((j) => j.job_id) } };
    },
  );
}
