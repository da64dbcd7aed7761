/**
 * POST contacts/suppliers and contacts/engineers (SPEC.md point 7): the contacts list narrowed to
 * one type, with the same body, paging, sorting and total as contacts/filter.
 */
import type { FastifyInstance } from 'fastify';
import { contacts } from '../../core/resources/definitions/contacts';
import { describeGate, requireGate } from '../auth/gate';
import { sendOk } from '../envelope/envelope';
import { responses } from '../envelope/schemas';
import { filterBodySchema, recordSchema, resourceInfo } from '../resources/fields';
import { checkedBody } from '../http/route';
import { parseFilterBody } from '../resources/filters';
import { listQuerySchema, parseListQuery, type ListQuery } from '../http/listQuery';
import { listPage } from '../lists/listPage';
import { resourceList } from '../lists/resourceList';

const info = resourceInfo(contacts);

export function registerContactRoutes(app: FastifyInstance): void {
  const typed = [
    ['suppliers', 'SUPPLIER'],
    ['engineers', 'ENGINEER'],
  ] as const;
  for (const [action, type] of typed) {
    app.post<{ Querystring: ListQuery; Body: unknown }>(
      `/api/contacts/${action}`,
      {
        config: { envelopeKey: 'contacts', gate: contacts.gate },
        ...checkedBody(requireGate(contacts.gate)),
        schema: {
          tags: ['contacts'],
          summary: `Contacts of type ${type}`,
          description: describeGate(contacts.gate),
          querystring: listQuerySchema,
          // contacts/filter's body; the type is the route's own (a co_type given is replaced).
          body: filterBodySchema(info),
          response: responses('contacts', { type: 'array', items: recordSchema(info) }),
        },
      },
      async (req, reply) => {
        const params = parseListQuery(req.query, info.list);
        const conditions = parseFilterBody(info, { ...(req.body as object | null), co_type: type });
        const { rows, totalCount } = await listPage(resourceList(req.db!, info, conditions, params));
        return sendOk(req, reply, rows, { totalCount });
      },
    );
  }
}
