/**
 * The reminder area's shared pieces: its gate, the row query (joined job number and the
 * creator's name, always limited to the asking user's own notifications) and the body parsers.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Gate } from '../../core/access/access';
import { OPERATOR_GROUP } from '../../core/access/roles';
import { NOTIFICATION_TYPES } from '../../core/enums';
import { toWireDate } from '../envelope/datetime';
import { authRequired, invalidField } from '../envelope/errors';
import { jobDb, type JobDb } from '../jobs/tables';
import type { ListParams, SortTerm } from '../http/listQuery';

/** SPEC.md point 2: reminders and engineer reports belong to the operator group, Admin and Developer. */
export const REMINDER_GATE: Gate = { roles: [...OPERATOR_GROUP, 'Admin', 'Developer'], requiredFeatures: ['job.enabled'] };

export const MAX_ID = 2147483647;

export function me(req: FastifyRequest): number {
  if (!req.user) throw authRequired();
  return req.user.us_id;
}

/** The asking user's notifications with what a row shows; no query here can reach another user's rows. */
export function ownRows(db: JobDb, usId: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('jobs as j', 'j.job_id', 'n.job_id')
    .leftJoin('users as u', 'u.us_id', 'n.created_by')
    .where('n.us_id', '=', usId);
}

export const ROW_COLUMNS = [
  'n.notif_id',
  'n.notif_type',
  'n.job_id',
  'j.job_number',
  'n.notif_params',
  'n.is_flagged',
  'n.is_rendered',
  'n.created_by',
  'u.fullname as created_by_name',
  'n.created_at',
] as const;

export interface NotificationRow {
  notif_id: number;
  notif_type: string;
  job_id: number | null;
  job_number: string | null;
  notif_params: Record<string, unknown>;
  is_flagged: boolean;
  is_rendered: boolean;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date;
}

export const toWireRow = (r: NotificationRow) => ({ ...r, created_at: toWireDate(r.created_at) });

/** The last sort key of a notification list: the newest id breaks ties. */
export const NEWEST_NOTIFICATION_FIRST: SortTerm = { column: 'n.notif_id', desc: true };

/** One page of the rows `base` selects, sorted by SQL columns, and, when asked, how many there are. */
export async function pageOfRows(base: ReturnType<typeof ownRows>, page: ListParams) {
  let q = base.select([...ROW_COLUMNS]);
  for (const s of page.sort) q = q.orderBy(sql.ref(s.column), s.desc ? 'desc' : 'asc');
  const [list, total] = await Promise.all([
    q.limit(page.limit).offset(page.offset).execute(),
    page.withTotal ? base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow() : null,
  ]);
  return { data: (list as NotificationRow[]).map(toWireRow), totalCount: total ? Number(total.n) : undefined };
}

export const rowSchema = {
  type: 'object',
  properties: {
    notif_id: { type: 'integer' },
    notif_type: { type: 'string', enum: [...NOTIFICATION_TYPES] },
    job_id: { type: ['integer', 'null'] },
    job_number: { type: ['string', 'null'] },
    notif_params: { type: 'object', additionalProperties: true },
    is_flagged: { type: 'boolean' },
    is_rendered: { type: 'boolean' },
    created_by: { type: ['integer', 'null'] },
    created_by_name: { type: ['string', 'null'] },
    created_at: { type: 'string' },
  },
};

export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/** `notif_ids`: one id or a list of ids (an empty list is refused: there is nothing to do). */
export function parseIds(body: Record<string, unknown>, field = 'notif_ids'): number[] {
  const raw = body[field];
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  if (!list.length) throw invalidField(field, 'validation.required');
  list.forEach((v, i) => {
    if (!isId(v)) throw invalidField(`${field}[${i}]`);
  });
  return [...new Set(list as number[])];
}

export const dbOf = (req: FastifyRequest) => jobDb(req.db);
