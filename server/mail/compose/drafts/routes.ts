/** maildrafts (SPEC.md point 7): CRUD, unlock, attachments, deleteDrafts, updateAndSend. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkRecipients } from '../../../../core/mail/compose/addresses';
import { composeText } from '../../../../core/mail/compose/messages';
import { AppError, conflict, invalidField, validationError } from '../../../envelope/errors';
import { objectBody } from '../../../http/bodySchema';
import { asObject } from '../../../http/objects';
import { action, idParams } from '../../../http/route';
import { MAIL_GATE, hasOutgoingRoute, sendableAccountIds, userId } from '../access';
import { modifiableJob } from '../../../jobs/access';
import { requestSync } from '../../queue/requestSync';
import { composeDb } from '../tables';
import { registerDraftAttachmentRoutes } from './attachments';
import { SendError, sendDraft } from './send';
import { accessibleDraft, createDraft, deleteDrafts, draftsForReply, searchDrafts, lockAfterFailure, lockForSending, saveDraft, unlockDraft } from './store';
import { idListSchema } from '../mailLinks';
import { createDraftBody, draftView, parseCreate, parseUpdate, updateDraftBody, type DraftRow } from './wire';

const key = 'maildrafts';
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;

function listRow(r: DraftRow) {
  return {
    mdraft_id: r.mdraft_id,
    mailaccount_id: r.mailaccount_id,
    mdraft_subject: r.mdraft_subject,
    mdraft_to_arr: r.mdraft_to_arr,
    mdraft_locked: r.mdraft_locked,
    reply_ma_id: r.reply_ma_id,
    reply_mode: r.reply_mode,
    updated_at: r.updated_at.toISOString().slice(0, 19).replace('T', ' '),
  };
}

/** The Drafts folder's search: like the mail list's, from 3 characters (fewer is no filter). */
function parseSearch(input: unknown): string | null {
  if (input === undefined || input === null) return null;
  if (typeof input !== 'string' || input.length > 200) throw invalidField('stext');
  const text = input.trim();
  return text.length >= 3 ? text : null;
}

/** The Drafts folder's filter: one answered mail, or a search text (the SPA sends one or the other). */
const filterBody = objectBody({
  reply_ma_id: { type: 'integer', minimum: 1, 'x-message': 'validation.value' },
  stext: { type: 'string', maxLength: 200, 'x-message': 'validation.value' },
});

const deleteDraftsBody = objectBody({ mdraft_ids: idListSchema('mdraft_ids', 1000, 2147483647) }, ['mdraft_ids']);

function parseIdList(input: unknown): number[] {
  const ids = asObject(input).mdraft_ids;
  if (!Array.isArray(ids) || ids.length === 0) throw invalidField('mdraft_ids', 'validation.required');
  if (ids.length > 1000 || !ids.every((v) => Number.isInteger(v) && v > 0 && v <= 2147483647)) throw invalidField('mdraft_ids');
  return ids as number[];
}

export function registerDraftRoutes(app: FastifyInstance): void {
  const list = async (req: FastifyRequest) => {
    const body = asObject(req.body);
    const replyId = body.reply_ma_id;
    if (replyId !== undefined && replyId !== null && (!Number.isInteger(replyId) || (replyId as number) < 1)) throw invalidField('reply_ma_id');
    const stext = parseSearch(body.stext);
    const db = composeDb(req.db);
    const usId = userId(req);
    const rows = replyId ? await draftsForReply(db, usId, replyId as number) : await searchDrafts(db, await sendableAccountIds(db, usId), stext);
    return { data: rows.map(listRow), totalCount: rows.length };
  };
  action(app, { method: 'GET', url: '/api/maildrafts/list', key, gate: MAIL_GATE, summary: 'Drafts of the accounts the user may send on, newest first' }, list);
  action(
    app,
    {
      method: 'POST',
      url: '/api/maildrafts/filter',
      key,
      gate: MAIL_GATE,
      body: filterBody,
      summary:
        'Drafts, optionally those answering one mail {reply_ma_id} (continue or replace), or those whose subject, recipients or text hold {stext} (3+ characters)',
    },
    list,
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/maildrafts/create',
      key,
      gate: MAIL_GATE,
      body: createDraftBody,
      status: 201,
      summary:
        "New draft {mal_id?, reply_ma_id?, mode?: reply|replyAll|forward, replace_id?, job_id?, fields...}; a reply is prefilled from the mail, a forward also carries the mail's attachments; replace_id deletes that draft; job_id (not with a reply) starts a new mail from that job: sent with the job's plus-address as Reply-To and filed to it",
    },
    async (req) => {
      const db = composeDb(req.db);
      const input = parseCreate(req.body);
      if (input.job_id) {
        // An unknown job is a bad field; a job the user may not change is refused (the sent mail is filed to it).
        const job = await db.selectFrom('jobs').select('job_id').where('job_id', '=', input.job_id).executeTakeFirst();
        if (!job) throw invalidField('job_id');
        await modifiableJob(req, input.job_id);
      }
      const row = await createDraft(db, userId(req), input, app.hasDecorator('fileStore') ? app.fileStore : undefined);
      return { data: await draftView(db, row) };
    },
  );

  action(app, { method: 'GET', url: '/api/maildrafts/:id/details', key, gate: MAIL_GATE, params: idParams, summary: 'One draft' }, async (req) => {
    const db = composeDb(req.db);
    return { data: await draftView(db, await accessibleDraft(db, userId(req), idOf(req))) };
  });

  action(
    app,
    {
      method: 'PATCH',
      url: '/api/maildrafts/:id',
      key,
      gate: MAIL_GATE,
      params: idParams,
      body: updateDraftBody,
      summary: 'Save {mdraft_version, fields...}: locked → 409, stale version → 409, nothing changed → skipped (no write)',
    },
    async (req) => {
      const db = composeDb(req.db);
      const { version, fields } = parseUpdate(req.body);
      const { row, skipped } = await saveDraft(db, userId(req), idOf(req), version, fields);
      return { data: { skipped, draft: await draftView(db, row) } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/maildrafts/:id/updateAndSend',
      key,
      gate: MAIL_GATE,
      params: idParams,
      body: updateDraftBody,
      change: true,
      summary: 'Save as PATCH does, then send; a failed send locks the draft and answers 409 with the reason',
    },
    async (req) => {
      const db = composeDb(req.db);
      const id = idOf(req);
      const { version, fields } = parseUpdate(req.body);
      const { row } = await saveDraft(db, userId(req), id, version, fields);
      const problem = checkRecipients({ to: row.mdraft_to_arr, cc: row.mdraft_cc_arr, bcc: row.mdraft_bcc_arr });
      if (problem) throw validationError([{ field: 'mdraft_to_arr', message: problem }]);
      // A missing outgoing server is the account's set-up, not a failed send: nothing is locked.
      const account = await db
        .selectFrom('mailaccounts')
        .select(['mailserver_id', 'ma_source'])
        .where('mailaccount_id', '=', row.mailaccount_id)
        .executeTakeFirst();
      if (!account || !hasOutgoingRoute(account)) throw conflict(composeText('errors.noOutgoingServer'), 'mailserver_id');
      const taken = await lockForSending(db, id, row.mdraft_version);
      let outcome;
      try {
        outcome = await sendDraft(db, app.hasDecorator('fileStore') ? app.fileStore : undefined, req.brand!.schema, taken);
      } catch (err) {
        const reason = err instanceof SendError ? err.message : 'internal error';
        await lockAfterFailure(db, id, reason);
        if (!(err instanceof SendError)) req.log.error({ err }, 'mail send failed');
        throw new AppError({ code: 'CONFLICT', status: 409, primary: composeText('errors.sendFailed', { reason }), details: 'send' });
      }
      // A Microsoft mailbox's copy is in Sent Items at Graph (sendMail saved it), not yet here: a sync now files it in
      // the client's Sent Items within seconds rather than at the next tick. The mail is sent either way.
      if (account.ma_source === 'graph')
        await requestSync(req, row.mailaccount_id).catch((err: unknown) => req.log.warn({ err }, 'sync after a Graph send not queued'));
      return { data: { sent: true, ...outcome } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/maildrafts/:id/unlock',
      key,
      gate: MAIL_GATE,
      params: idParams,
      change: true,
      summary: 'Unlock a draft (after a failed send)',
    },
    async (req) => {
      const db = composeDb(req.db);
      return { data: await draftView(db, await unlockDraft(db, userId(req), idOf(req))) };
    },
  );

  action(
    app,
    { method: 'DELETE', url: '/api/maildrafts/:id', key, gate: MAIL_GATE, params: idParams, change: true, summary: 'Delete a draft' },
    async (req) => {
      const db = composeDb(req.db);
      await accessibleDraft(db, userId(req), idOf(req));
      return { data: { deleted: await deleteDrafts(db, userId(req), [idOf(req)]) } };
    },
  );

  action(
    app,
    { method: 'POST', url: '/api/maildrafts/deleteDrafts', key, gate: MAIL_GATE, change: true, body: deleteDraftsBody, summary: 'Delete drafts {mdraft_ids}' },
    async (req) => {
      return { data: { deleted: await deleteDrafts(composeDb(req.db), userId(req), parseIdList(req.body)) } };
    },
  );

  registerDraftAttachmentRoutes(app);
}
