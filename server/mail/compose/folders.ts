/**
 * mailfolders: local folders (SPEC.md point 7: list, create, update, delete) and putting mails in
 * them. A folder that holds mails cannot be deleted (SPEC.md point 5).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { composeText } from '../../../core/mail/compose/messages';
import { conflict, invalidField } from '../../envelope/errors';
import { objectBody } from '../../http/bodySchema';
import { asObject } from '../../http/objects';
import { action, idParams } from '../../http/route';
import { MAIL_GATE, mailNotFound, userId } from './access';
import { checkReadableMails, mailIdsBody, parseMailIds, parseName, uniqueClash } from './mailLinks';
import { composeDb, type ComposeDb } from './tables';

const key = 'mailfolders';

/** `{ mf_name }` and nothing else; the blank and trimmed-length rules stay in parseName. */
const folderBody = () => ({ ...objectBody({ mf_name: { type: 'string' } }, ['mf_name']), additionalProperties: false });

function parseFolder(input: unknown): string {
  const body = asObject(input);
  const unknown = Object.keys(body).find((k) => k !== 'mf_name');
  if (unknown) throw invalidField(unknown);
  return parseName(body.mf_name, 'mf_name');
}

async function folderOr404(db: ComposeDb, id: number) {
  const row = await db.selectFrom('mailfolders').selectAll().where('mf_id', '=', id).executeTakeFirst();
  if (!row) throw mailNotFound();
  return row;
}

export function registerFolderRoutes(app: FastifyInstance): void {
  const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
  const list = async (req: FastifyRequest) => {
    const rows = await composeDb(req.db)
      .selectFrom('mailfolders as f')
      .leftJoin('mail_folder_links as l', 'l.mf_id', 'f.mf_id')
      .select((eb) => ['f.mf_id', 'f.mf_name', eb.fn.count<number>('l.ma_id').as('mail_count')])
      .groupBy(['f.mf_id', 'f.mf_name'])
      .orderBy('f.mf_name')
      .execute();
    return { data: rows, totalCount: rows.length };
  };
  action(app, { method: 'GET', url: '/api/mailfolders/list', key, gate: MAIL_GATE, summary: 'Local mail folders with their mail counts' }, list);
  action(app, { method: 'POST', url: '/api/mailfolders/filter', key, gate: MAIL_GATE, summary: 'Local mail folders with their mail counts' }, list);
  action(
    app,
    {
      method: 'POST',
      url: '/api/mailfolders/create',
      key,
      gate: MAIL_GATE,
      status: 201,
      change: true,
      body: folderBody(),
      summary: 'New local folder {mf_name}',
    },
    async (req) => {
      const row = await composeDb(req.db)
        .insertInto('mailfolders')
        .values({ mf_name: parseFolder(req.body) })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((e) => uniqueClash(e, 'mf_name'));
      return { data: row };
    },
  );
  action(
    app,
    {
      method: 'PATCH',
      url: '/api/mailfolders/:id',
      key,
      gate: MAIL_GATE,
      params: idParams,
      change: true,
      body: folderBody(),
      summary: 'Rename a local folder',
    },
    async (req) => {
      const db = composeDb(req.db);
      await folderOr404(db, idOf(req));
      const name = parseFolder(req.body);
      return {
        data: await db
          .updateTable('mailfolders')
          .set({ mf_name: name })
          .where('mf_id', '=', idOf(req))
          .returningAll()
          .executeTakeFirstOrThrow()
          .catch((e) => uniqueClash(e, 'mf_name')),
      };
    },
  );
  action(
    app,
    { method: 'DELETE', url: '/api/mailfolders/:id', key, gate: MAIL_GATE, params: idParams, change: true, summary: 'Delete an empty local folder' },
    async (req) => {
      const db = composeDb(req.db);
      await db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('mailfolders')
          .select('mf_id')
          .where('mf_id', '=', idOf(req))
          .forUpdate()
          .executeTakeFirst()
          .then((r) => r ?? Promise.reject(mailNotFound()));
        const used = await trx.selectFrom('mail_folder_links').select('ma_id').where('mf_id', '=', idOf(req)).limit(1).executeTakeFirst();
        if (used) throw conflict(composeText('errors.folderNotEmpty'), 'mf_id');
        await trx.deleteFrom('mailfolders').where('mf_id', '=', idOf(req)).execute();
      });
      return { data: { deleted: 1 } };
    },
  );
  for (const op of ['addmails', 'removemails'] as const) {
    action(
      app,
      {
        method: 'POST',
        url: `/api/mailfolders/:id/${op}`,
        key,
        gate: MAIL_GATE,
        params: idParams,
        change: true,
        body: mailIdsBody(),
        summary: `${op === 'addmails' ? 'Put mails into' : 'Take mails out of'} the folder {ma_ids}`,
      },
      async (req) => {
        const db = composeDb(req.db);
        await folderOr404(db, idOf(req));
        const ids = parseMailIds(req.body);
        await checkReadableMails(db, userId(req), ids);
        if (op === 'addmails')
          await db
            .insertInto('mail_folder_links')
            .values(ids.map((ma_id) => ({ ma_id, mf_id: idOf(req) })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        else await db.deleteFrom('mail_folder_links').where('mf_id', '=', idOf(req)).where('ma_id', 'in', ids).execute();
        return { data: { mf_id: idOf(req), ma_ids: ids } };
      },
    );
  }
}
