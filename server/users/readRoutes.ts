/**
 * Reading users: the admin list and details (users/filter, users/{id}/details), the pick lists
 * any staff member needs (engineers, operators, bemworkers, customers) and usersemails/filter.
 */
import type { FastifyInstance } from 'fastify';
import { STAFF } from '../../core/access/roles';
import type { ResourceDef } from '../../core/resources/engine/types';
import { users } from '../../core/users/usersResource';
import { PICK_LISTS, userPickResource, type PickList } from '../../core/users/userPicks';
import { notFound } from '../envelope/errors';
import { filterBodySchema, pickerFilterBodySchema, recordSchema, resourceInfo } from '../resources/fields';
import { parseFilterBody } from '../resources/filters';
import { listQuerySchema, parseListQuery, type ListQuery } from '../http/listQuery';
import { getRecord } from '../resources/store';
import { listPage } from '../lists/listPage';
import { resourceList } from '../lists/resourceList';
import { action, idParams } from '../http/route';
import type { BrandDb } from '../db/types';
import { adminDb, type AdminDb } from './tables';

const usersInfo = resourceInfo(users);
const usersemails: ResourceDef = {
  ...users,
  name: 'usersemails',
  actions: undefined,
  fields: users.fields.filter((f) => ['us_id', 'email', 'fullname'].includes(f.name)),
};
const emailsInfo = resourceInfo(usersemails);

const pickSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      us_id: { type: 'integer' },
      fullname: { type: ['string', 'null'] },
      firstname: { type: ['string', 'null'] },
      surname: { type: ['string', 'null'] },
      nickname: { type: ['string', 'null'] },
      email: { type: 'string' },
      role: { type: 'string' },
    },
  },
};

export const linkSchema = { type: 'array', items: { type: 'integer' } };
export const detailsSchema = (() => {
  const base = recordSchema(usersInfo) as { properties: Record<string, unknown> };
  return { type: 'object', properties: { ...base.properties, default_operators: linkSchema, property_managers: linkSchema, client_contacts: linkSchema } };
})();

/** A user record with the ids of what is assigned to them. */
export async function userDetails(db: AdminDb, usId: number) {
  const record = await getRecord(db as unknown as BrandDb, usersInfo, usId);
  if (!record) throw notFound();
  const [ops, pms, cos] = await Promise.all([
    db.selectFrom('user_default_operators').select('operator_us_id as id').where('us_id', '=', usId).orderBy('operator_us_id').execute(),
    db.selectFrom('user_property_managers').select('pm_id as id').where('us_id', '=', usId).orderBy('pm_id').execute(),
    db.selectFrom('user_client_contacts').select('co_id as id').where('us_id', '=', usId).orderBy('co_id').execute(),
  ]);
  return { ...record, default_operators: ops.map((r) => r.id), property_managers: pms.map((r) => r.id), client_contacts: cos.map((r) => r.id) };
}

export function registerUserReadRoutes(app: FastifyInstance): void {
  const key = 'users';
  for (const [name, roles] of Object.entries(PICK_LISTS)) {
    action(
      app,
      { method: 'GET', url: `/api/users/${name}`, key, gate: { roles: STAFF }, summary: `Visible users with role ${roles.join(', ')}`, data: pickSchema },
      async (req) => {
        const rows = await adminDb(req.db)
          .selectFrom('users')
          .select(['us_id', 'fullname', 'firstname', 'surname', 'nickname', 'email', 'role'])
          .where('role', 'in', [...roles])
          .where('is_hidden', '=', false)
          .orderBy('fullname')
          .orderBy('us_id')
          .execute();
        return { data: rows };
      },
    );

    // The same list searched and paged, for pickers that ask as the user types (and name chosen ids).
    const pickInfo = resourceInfo(userPickResource(name as PickList));
    action(
      app,
      {
        method: 'POST',
        url: `/api/users/${name}/filter`,
        key,
        gate: { roles: STAFF },
        summary: `Search visible users with role ${roles.join(', ')} (stext searches names and address)`,
        body: pickerFilterBodySchema,
        querystring: listQuerySchema,
        data: { type: 'array', items: recordSchema(pickInfo) },
      },
      async (req) => {
        const params = parseListQuery(req.query as ListQuery, pickInfo.list);
        const conditions = [
          ...parseFilterBody(pickInfo, req.body),
          { kind: 'in' as const, column: 'role', values: [...roles] },
          { kind: 'in' as const, column: 'is_hidden', values: [false] },
        ];
        const { rows, totalCount } = await listPage(resourceList(req.db!, pickInfo, conditions, params));
        return { data: rows, totalCount };
      },
    );
  }

  action(
    app,
    {
      method: 'POST',
      url: '/api/users/filter',
      key,
      gate: users.gate,
      summary: 'Filter users',
      body: filterBodySchema(usersInfo),
      querystring: listQuerySchema,
      data: { type: 'array', items: recordSchema(usersInfo) },
    },
    async (req) => {
      const params = parseListQuery(req.query as ListQuery, usersInfo.list);
      const { rows, totalCount } = await listPage(resourceList(req.db!, usersInfo, parseFilterBody(usersInfo, req.body), params));
      return { data: rows, totalCount };
    },
  );

  action(
    app,
    {
      method: 'GET',
      url: '/api/users/:id/details',
      key,
      gate: users.gate,
      summary: 'One user with the ids assigned to them',
      params: idParams,
      data: detailsSchema,
    },
    async (req) => ({
      data: await userDetails(adminDb(req.db), (req.params as { id: number }).id),
    }),
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/usersemails/filter',
      key: 'usersemails',
      gate: { roles: STAFF },
      summary: "Visible users' mail addresses (stext searches name and address)",
      body: filterBodySchema(emailsInfo),
      querystring: listQuerySchema,
      data: { type: 'array', items: recordSchema(emailsInfo) },
    },
    async (req) => {
      const params = parseListQuery(req.query as ListQuery, emailsInfo.list);
      const conditions = [...parseFilterBody(emailsInfo, req.body), { kind: 'in' as const, column: 'is_hidden', values: [false] }];
      const { rows, totalCount } = await listPage(resourceList(req.db!, emailsInfo, conditions, params));
      return { data: rows, totalCount };
    },
  );
}
