/**
 * The engineer's own notifications (SPEC.md point 7, engineer portal: GET notifications, POST
 * removenotification { notif_id }). Engineers are told when a job of theirs is planned
 * (JOB_PLANNED); the office's reminder screens are not theirs, so these two calls are their
 * whole view: newest first, 10 a page, and removing one of their own. Another user's id is 404.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../envelope/errors';
import { ENGINEER_GATE } from '../jobs/access';
import { NEWEST_NOTIFICATION_FIRST, dbOf, me, ownRows, pageOfRows, rowSchema } from '../notifications/wire';
import { objectBody } from '../http/bodySchema';
import { idSchema } from '../http/bodyShapes';
import { listQuerySchema, parseListQuery, type ListOptions, type ListQuery } from '../http/listQuery';
import { action } from '../http/route';

const key = 'engineerportal';
const SORTABLE = { created_at: 'n.created_at', notif_id: 'n.notif_id' };
export const ENGINEER_NOTIFICATIONS_PAGE = 10;
const LIST: ListOptions = {
  pageSize: ENGINEER_NOTIFICATIONS_PAGE,
  sort: { sortable: SORTABLE, defaultSort: '-created_at', tieBreaker: NEWEST_NOTIFICATION_FIRST },
};

export function registerEngineerNotificationRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'GET',
      url: '/api/engineerportal/notifications',
      key,
      gate: ENGINEER_GATE,
      querystring: listQuerySchema,
      data: { type: 'array', items: rowSchema },
      summary: "The engineer's own notifications, newest first (10 a page by default)",
    },
    async (req) => {
      const page = parseListQuery(req.query as ListQuery, LIST);
      return pageOfRows(ownRows(dbOf(req), me(req)), page);
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/engineerportal/removenotification',
      key,
      gate: ENGINEER_GATE,
      change: true,
      body: objectBody({ notif_id: idSchema('validation.value') }, ['notif_id']),
      summary: 'Remove one of the engineer’s own notifications; another user’s id: 404',
    },
    async (req) => {
      const id = (req.body as { notif_id: number }).notif_id;
      const removed = await dbOf(req)
        .deleteFrom('notifications')
        .where('notif_id', '=', id)
        .where('us_id', '=', me(req))
        .returning('notif_id')
        .executeTakeFirst();
      if (!removed) throw notFound();
      return { data: { notif_id: removed.notif_id } };
    },
  );
}
