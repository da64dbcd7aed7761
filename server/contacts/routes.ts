/**
 * POST contacts/suppliers and contacts/engineers (SPEC.md point 7): the contacts list narrowed to
 * one type, with the same body, paging, sorting and total as contacts/filter.
 */
import type { FastifyInstance } from 'fastify';
import { contacts } from '../../core/resources/definitions/contacts';
import { describeGate, requireGate } from '../auth/gate';
import { sendOk } from '../envelope/envelope';
import { responses } from '../envelope/schemas';
import { recordSchema, resourceInfo } from '../resources/fields';
import { parseFilterBody } from '../resources/filters';
import { listQuerySchema, parseListParams, type ListQuery } from '../resources/listParams';
import { listRecords } from '../resources/store';

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
        config: {
          envelopeKey: 'contacts',
          gate: contacts.gate,
          docBody: { type: 'object', properties: { stext: { type: ['string', 'null'], minLength: 3, maxLength: 100 } } },
        },
        preHandler: requireGate(contacts.gate),
        schema: {
          tags: ['contacts'],
          summary: `Contacts of type ${type}`,
          description: describeGate(contacts.gate),
          querystring: listQuerySchema,
          response: responses('contacts', { type: 'array', items: recordSchema(info) }),
        },
      },
      async (req, reply) => {
        const params = parseListParams(info, req.query);
        const conditions = parseFilterBody(info, { ...(req.body as object | null), co_type: type });
        const { rows, totalCount } = await listRecords(req.db!, info, conditions, params);
        return sendOk(req, reply, rows, { totalCount });
      },
    );
  }
}
