/**
 * The reminders area (SPEC.md point 7, notifications group): the badge info, the filtered list,
 * the not-yet-rendered list, marking rendered, removing and flagging. Every call works only on the
 * asking user's own notifications: ids of someone else's are ignored by the bulk calls and answer
 * 404 on the single-record call, exactly like ids that do not exist.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { invalidField, notFound } from '../envelope/errors';
import { asObject } from '../http/objects';
import { objectBody } from '../http/bodySchema';
import { boolSchema, idSchema } from '../http/bodyShapes';
import { MIN_SEARCH_CHARS } from '../../core/lists/search';
import { action, idParams } from '../http/route';
import { filteredRows, parseNotificationFilter } from './filter';
import { listQuerySchema, parseListQuery, type ListOptions, type ListQuery } from '../http/listQuery';
import {
  NEWEST_NOTIFICATION_FIRST,
  REMINDER_GATE as gate,
  ROW_COLUMNS,
  dbOf,
  me,
  ownRows,
  pageOfRows,
  parseIds,
  rowSchema,
  toWireRow,
  type NotificationRow,
} from './wire';

const key = 'notifications';
const rows = { type: 'array', items: rowSchema };
/** The handler names a wrong id by its place (notif_ids[1]), so the schema asks only for its presence. */
const idsBody = objectBody({ notif_ids: { description: 'One id or a list of ids', example: [1, 2] } }, ['notif_ids']);
const SORTABLE: Record<string, string> = {
  created_at: 'n.created_at',
  notif_id: 'n.notif_id',
  notif_type: 'n.notif_type',
  job_number: 'j.job_number',
  is_flagged: 'n.is_flagged',
  created_by_name: 'u.fullname',
};
/** The reminder list: 20 a page, newest first; sorted on a wire name's SQL column. */
const LIST: ListOptions = { pageSize: 20, sort: { sortable: SORTABLE, defaultSort: '-created_at', tieBreaker: NEWEST_NOTIFICATION_FIRST } };
/** The badge lists at most this many ids; the count is exact. */
const BADGE_IDS = 100;

export function registerNotificationRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/notifications/getRoleRelatedNotifInfo',
      key,
      gate,
      summary: "The badge: how many of the user's notifications are new (not rendered yet) and their ids",
      data: { type: 'object', properties: { count: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } } } },
    },
    async (req) => {
      const db = dbOf(req);
      const usId = me(req);
      const fresh = db.selectFrom('notifications').where('us_id', '=', usId).where('is_rendered', '=', false);
      const [counted, ids] = await Promise.all([
        fresh.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
        fresh.select('notif_id').orderBy('notif_id', 'desc').limit(BADGE_IDS).execute(),
      ]);
      return { data: { count: Number(counted.n), ids: ids.map((r) => r.notif_id) } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/notifications/filter',
      key,
      gate,
      summary: "The user's notifications: types, flagged, job_id, job_number (start of the number), stext (≥ 3 characters: job number and parameters)",
      querystring: listQuerySchema,
      data: rows,
      // Types whose refusal reads as parseNotificationFilter's; it still reads each type (types[i]) and the texts' lengths.
      body: {
        type: 'object',
        properties: {
          types: { description: 'notification types: one, or an array of them (any of)' },
          flagged: boolSchema(),
          job_id: idSchema('validation.value'),
          job_number: { type: 'string', description: 'start of the job number, at most 100 characters' },
          stext: { type: 'string', description: `at least ${MIN_SEARCH_CHARS} characters, at most 100` },
        },
        additionalProperties: false,
      },
    },
    async (req) => {
      const page = parseListQuery(req.query as ListQuery, LIST);
      const filter = parseNotificationFilter(req.body);
      return pageOfRows(filteredRows(dbOf(req), me(req), filter), page);
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/notifications/getNotRenderedNotifs',
      key,
      gate,
      summary: "The user's notifications not rendered yet, newest first",
      data: rows,
    },
    async (req) => {
      const list = await ownRows(dbOf(req), me(req))
        .where('n.is_rendered', '=', false)
        .select([...ROW_COLUMNS])
        .orderBy('n.notif_id', 'desc')
        .limit(BADGE_IDS)
        .execute();
      return { data: (list as NotificationRow[]).map(toWireRow) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/notifications/markNotifsAsRendered',
      key,
      gate,
      summary: 'Marks the given notifications of the user as rendered (ids of others are ignored)',
      body: idsBody,
      data: { type: 'object', properties: { updated: { type: 'integer' } } },
    },
    async (req) => {
      const ids = parseIds(asObject(req.body));
      const res = await dbOf(req)
        .updateTable('notifications')
        .set({ is_rendered: true })
        .where('us_id', '=', me(req))
        .where('notif_id', 'in', ids)
        .executeTakeFirst();
      return { data: { updated: Number(res.numUpdatedRows) } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/notifications/removenotifications',
      key,
      gate,
      change: true,
      summary: "Removes one or many of the user's notifications (ids of others are ignored)",
      body: idsBody,
      data: { type: 'object', properties: { removed: { type: 'integer' } } },
    },
    async (req) => {
      const ids = parseIds(asObject(req.body));
      const res = await dbOf(req).deleteFrom('notifications').where('us_id', '=', me(req)).where('notif_id', 'in', ids).executeTakeFirst();
      return { data: { removed: Number(res.numDeletedRows) } };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/notifications/:id/flaggedstatus',
      key,
      gate,
      change: true,
      params: idParams,
      summary: "Flags or unflags one of the user's notifications",
      body: objectBody({ is_flagged: { type: 'boolean' } }, ['is_flagged']),
      data: rowSchema,
    },
    async (req) => {
      const body = asObject(req.body);
      if (typeof body.is_flagged !== 'boolean')
        throw invalidField('is_flagged', body.is_flagged === undefined || body.is_flagged === null ? 'validation.required' : 'validation.value');
      const id = (req.params as { id: number }).id;
      const db = dbOf(req);
      const usId = me(req);
      const changed = await db
        .updateTable('notifications')
        .set({ is_flagged: body.is_flagged })
        .where('us_id', '=', usId)
        .where('notif_id', '=', id)
        .executeTakeFirst();
      if (!Number(changed.numUpdatedRows)) throw notFound();
      const row = await ownRows(db, usId)
        .where('n.notif_id', '=', id)
        .select([...ROW_COLUMNS])
        .executeTakeFirstOrThrow();
      return { data: toWireRow(row as NotificationRow) };
    },
  );
}
