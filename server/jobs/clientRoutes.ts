/**
 * The job form's clients (core/jobs/jobClients.ts): POST jobclients/filter searches CLIENT contacts
 * and POST jobclients/create adds one, under the job gate instead of the Contacts page's, so a
 * brand with accounting off (no Contacts page) can still set a new job's client. Only the form's
 * fields are answered and accepted; the brand's own schema (req.db) keeps other brands' contacts out.
 */
import type { FastifyInstance } from 'fastify';
import { CLIENT_TYPE, jobClients } from '../../core/jobs/jobClients';
import { action } from '../http/route';
import { listQuerySchema, parseListQuery, type ListQuery } from '../http/listQuery';
import { listPage } from '../lists/listPage';
import { resourceList } from '../lists/resourceList';
import { cleanWriteBody } from '../resources/body';
import { pickerFilterBodySchema, recordSchema, resourceInfo, writeBodySchema } from '../resources/fields';
import { parseFilterBody } from '../resources/filters';
import { insertRecord } from '../resources/store';

const info = resourceInfo(jobClients);
const key = jobClients.name;
const record = recordSchema(info);

export function registerJobClientRoutes(app: FastifyInstance): void {
  action(
    app,
    {
      method: 'POST',
      url: '/api/jobclients/filter',
      key,
      gate: jobClients.gate,
      summary: "Search the clients a job can have (CLIENT contacts, the job form's fields only)",
      body: pickerFilterBodySchema,
      querystring: listQuerySchema,
      data: { type: 'array', items: record },
    },
    async (req) => {
      const params = parseListQuery(req.query as ListQuery, info.list);
      // The type is forced after the body's own filters: a body cannot widen the search to suppliers.
      const conditions = parseFilterBody(info, { ...(req.body as object | null), co_type: CLIENT_TYPE });
      const { rows, totalCount } = await listPage(resourceList(req.db!, info, conditions, params));
      return { data: rows, totalCount };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: '/api/jobclients/create',
      key,
      gate: jobClients.gate,
      summary: 'Create a client from the job form (a CLIENT contact with a name, company, e-mail, phone and address)',
      body: writeBodySchema(info, 'create'),
      data: record,
      change: true,
      status: 201,
    },
    async (req) => {
      // The contact's own rules and messages (SPEC.md point 5); fields the form does not have are refused.
      const values = cleanWriteBody(info, req.body, 'create');
      return { data: await insertRecord(req.db!, info, { ...values, co_type: CLIENT_TYPE }) };
    },
  );
}
