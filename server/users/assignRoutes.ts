/**
 * SPEC.md's assignment actions (spelling kept): assingdefaultoperators, assingpropertymanagers,
 * assingclientcontacts. Each replaces the user's whole list: body `{ us_id, ids: number[] }`.
 */
import type { FastifyInstance } from 'fastify';
import { OPERATOR_GROUP } from '../../core/access/roles';
import { users } from '../../core/users/usersResource';
import { invalidField } from '../envelope/errors';
import { objectBody } from '../http/bodySchema';
import { idSchema, listOf } from '../http/bodyShapes';
import { detailsSchema, userDetails } from './readRoutes';
import { action } from '../http/route';
import { loadTarget, tableExists } from './rules';
import { adminDb, type AdminDb } from './tables';

type LinkTable = 'user_default_operators' | 'user_property_managers' | 'user_client_contacts';

interface Assignment {
  action: string;
  table: LinkTable;
  column: 'operator_us_id' | 'pm_id' | 'co_id';
  summary: string;
  /** The ids that may be assigned, out of those asked for. */
  known: (db: AdminDb, schema: string, ids: number[]) => Promise<Set<number>>;
}

/** Ids present in a reference table of the brand (matching `where`), none while it does not exist. */
function inTable(table: string, idColumn: string, where?: { column: string; value: string }) {
  return async (db: AdminDb, schema: string, ids: number[]): Promise<Set<number>> => {
    if (!(await tableExists(db, schema, table))) return new Set();
    // Reference tables belong to another area's migration, so this area's typed schema lacks them.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let query = (db as any).selectFrom(table).select(`${idColumn} as id`).where(idColumn, 'in', ids);
    if (where) query = query.where(where.column, '=', where.value);
    const rows = (await query.execute()) as { id: number }[];
    return new Set(rows.map((r) => r.id));
  };
}

const ASSIGNMENTS: Assignment[] = [
  {
    action: 'assingdefaultoperators',
    table: 'user_default_operators',
    column: 'operator_us_id',
    summary: "Replace the user's default operators (users of the operator group)",
    known: async (db, _schema, ids) => {
      const rows = await db
        .selectFrom('users')
        .select('us_id')
        .where('us_id', 'in', ids)
        .where('role', 'in', [...OPERATOR_GROUP])
        .execute();
      return new Set(rows.map((r) => r.us_id));
    },
  },
  {
    action: 'assingpropertymanagers',
    table: 'user_property_managers',
    column: 'pm_id',
    summary: "Replace the user's property managers",
    known: inTable('propertymanagers', 'pm_id'),
  },
  {
    action: 'assingclientcontacts',
    table: 'user_client_contacts',
    column: 'co_id',
    summary: "Replace the user's client contacts (contacts of type CLIENT)",
    known: inTable('contacts', 'co_id', { column: 'co_type', value: 'CLIENT' }),
  },
];

export function registerUserAssignRoutes(app: FastifyInstance): void {
  for (const a of ASSIGNMENTS) {
    action(
      app,
      {
        method: 'POST',
        url: `/api/users/${a.action}`,
        key: 'users',
        gate: users.gate,
        change: true,
        summary: a.summary,
        // Absent ids clear the list.
        body: objectBody({ us_id: idSchema('validation.value'), ids: { ...listOf('ids', idSchema()), maxItems: 500 } }, ['us_id']),
        data: detailsSchema,
      },
      async (req) => {
        const body = req.body as { us_id: number; ids?: number[] | null };
        const usId = body.us_id;
        const ids = [...new Set(Array.isArray(body.ids) ? body.ids : [])];
        const db = adminDb(req.db);
        await loadTarget(req, db, usId);
        if (ids.length) {
          const known = await a.known(db, req.brand!.schema, ids);
          if (ids.some((id) => !known.has(id))) throw invalidField('ids');
        }
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom(a.table).where('us_id', '=', usId).execute();
          if (ids.length)
            await trx
              .insertInto(a.table)
              .values(ids.map((id) => ({ us_id: usId, [a.column]: id }) as never))
              .execute();
        });
        return { data: await userDetails(db, usId) };
      },
    );
  }
}
