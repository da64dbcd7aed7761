/** mailtags (SPEC.md point 7: list, create, update, delete) and assigning tags to mails (mirrored as IMAP keywords). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidField } from '../../envelope/errors';
import { objectBody } from '../../http/bodySchema';
import { asObject } from '../../http/objects';
import { action, idParams } from '../../http/route';
import { MAIL_GATE, mailNotFound, userId } from './access';
import { checkReadableMails, mailIdsBody, parseMailIds, parseName, uniqueClash } from './mailLinks';
import { composeDb, type ComposeDb } from './tables';
import { pushTagKeyword, tagKeyword, taggedMails } from './tagKeywords';

const key = 'mailtags';

/**
 * A tag's fields; a colour is #rrggbb or null. The name's blank and trimmed-length rules stay in
 * parseName; a property of null (kept by asObject) is still named by the handler's unknown-key check.
 */
const tagBody = (required: string[]) => ({
  ...objectBody({ mt_name: { type: 'string' }, mt_color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } }, required),
  additionalProperties: false,
});

function parseTag(input: unknown, mode: 'create' | 'update') {
  const body = asObject(input);
  const unknown = Object.keys(body).find((k) => k !== 'mt_name' && k !== 'mt_color');
  if (unknown) throw invalidField(unknown);
  const out: { mt_name?: string; mt_color?: string | null } = {};
  if (mode === 'create' || 'mt_name' in body) out.mt_name = parseName(body.mt_name, 'mt_name');
  // Checked by tagBody: a string here is a colour; null clears it.
  if ('mt_color' in body) out.mt_color = body.mt_color as string | null;
  return out;
}

async function tagOr404(db: ComposeDb, id: number) {
  const tag = await db.selectFrom('mailtags').selectAll().where('mt_id', '=', id).executeTakeFirst();
  if (!tag) throw mailNotFound();
  return tag;
}

export function registerTagRoutes(app: FastifyInstance): void {
  const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
  const list = async (req: FastifyRequest) => {
    const rows = await composeDb(req.db).selectFrom('mailtags').selectAll().orderBy('mt_name').execute();
    return { data: rows, totalCount: rows.length };
  };
  action(app, { method: 'GET', url: '/api/mailtags/list', key, gate: MAIL_GATE, summary: 'Mail tags' }, list);
  action(app, { method: 'POST', url: '/api/mailtags/filter', key, gate: MAIL_GATE, summary: 'Mail tags' }, list);
  action(
    app,
    {
      method: 'POST',
      url: '/api/mailtags/create',
      key,
      gate: MAIL_GATE,
      status: 201,
      change: true,
      body: tagBody(['mt_name']),
      summary: 'New tag {mt_name, mt_color: #rrggbb}',
    },
    async (req) => {
      const values = parseTag(req.body, 'create');
      const row = await composeDb(req.db)
        .insertInto('mailtags')
        .values({ mt_name: values.mt_name!, mt_color: values.mt_color ?? null })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((e) => uniqueClash(e, 'mt_name'));
      return { data: row };
    },
  );
  action(
    app,
    { method: 'PATCH', url: '/api/mailtags/:id', key, gate: MAIL_GATE, params: idParams, change: true, body: tagBody([]), summary: 'Change a tag' },
    async (req) => {
      const db = composeDb(req.db);
      const current = await tagOr404(db, idOf(req));
      const values = parseTag(req.body, 'update');
      if (Object.keys(values).length === 0) return { data: current };
      const row = await db
        .updateTable('mailtags')
        .set(values)
        .where('mt_id', '=', idOf(req))
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((e) => uniqueClash(e, 'mt_name'));
      let imap_error: string | null = null;
      if (tagKeyword(row.mt_name) !== tagKeyword(current.mt_name)) {
        const mails = await taggedMails(db, row.mt_id);
        imap_error = (await pushTagKeyword(db, mails, tagKeyword(current.mt_name), false)) ?? (await pushTagKeyword(db, mails, tagKeyword(row.mt_name), true));
      }
      return { data: { ...row, imap_error } };
    },
  );
  action(
    app,
    { method: 'DELETE', url: '/api/mailtags/:id', key, gate: MAIL_GATE, params: idParams, change: true, summary: 'Delete a tag (it comes off every mail)' },
    async (req) => {
      const db = composeDb(req.db);
      const tag = await tagOr404(db, idOf(req));
      const mails = await taggedMails(db, tag.mt_id);
      await db.deleteFrom('mailtags').where('mt_id', '=', idOf(req)).execute();
      return { data: { deleted: 1, imap_error: await pushTagKeyword(db, mails, tagKeyword(tag.mt_name), false) } };
    },
  );
  for (const op of ['assign', 'unassign'] as const) {
    action(
      app,
      {
        method: 'POST',
        url: `/api/mailtags/:id/${op}`,
        key,
        gate: MAIL_GATE,
        params: idParams,
        change: true,
        body: mailIdsBody(),
        summary: `${op === 'assign' ? 'Put the tag on' : 'Take the tag off'} mails {ma_ids}`,
      },
      async (req) => {
        const db = composeDb(req.db);
        const tag = await tagOr404(db, idOf(req));
        const ids = parseMailIds(req.body);
        await checkReadableMails(db, userId(req), ids);
        if (op === 'assign')
          await db
            .insertInto('mail_tag_links')
            .values(ids.map((ma_id) => ({ ma_id, mt_id: tag.mt_id })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        else await db.deleteFrom('mail_tag_links').where('mt_id', '=', tag.mt_id).where('ma_id', 'in', ids).execute();
        const imap_error = await pushTagKeyword(db, ids, tagKeyword(tag.mt_name), op === 'assign');
        return { data: { mt_id: tag.mt_id, ma_ids: ids, imap_error } };
      },
    );
  }
  action(
    app,
    { method: 'POST', url: '/api/mailtags/ofmails', key, gate: MAIL_GATE, body: mailIdsBody(), summary: 'Tag ids of mails {ma_ids}: [{ma_id, mt_id}]' },
    async (req) => {
      const db = composeDb(req.db);
      const ids = parseMailIds(req.body);
      await checkReadableMails(db, userId(req), ids);
      const rows = await db.selectFrom('mail_tag_links').select(['ma_id', 'mt_id']).where('ma_id', 'in', ids).orderBy('ma_id').execute();
      return { data: rows, totalCount: rows.length };
    },
  );
}
