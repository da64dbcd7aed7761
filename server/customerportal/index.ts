/**
 * The customer portal (SPEC.md point 7, customer portal; issue 24), mirroring the engineer portal:
 * the customer's jobs (jobs.ts), sites, clients and managers (sites.ts), documents and uploads
 * (documents.ts), quote decision, message and .ics (extras.ts), the job's mails (mails.ts), the
 * customer's own messages to the office (sentMessages.ts), and the
 * sign-in by a mailed link (signInLink.ts, public). Role Customer only; every call computes the
 * customer's scope from their assignments (scope.ts) and answers 404 outside it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CUSTOMER_PORTAL_GATE } from '../../core/customerportal/gate';
import { action, idParams } from '../http/route';
import { listQuerySchema, type ListQuery } from '../http/listQuery';
import { withMultipart } from '../files/multipartScope';
import { customerJobDetails, filterCustomerJobs, insertCustomerJob, updateCustomerJob } from './jobs';
import { registerCustomerDocumentRoutes, registerCustomerUploads } from './documents';
import { registerCustomerExtraRoutes } from './extras';
import { registerCustomerMailRoutes } from './mails';
import { registerCustomerMessageRoutes } from './sentMessages';
import { loadScope } from './scope';
import {
  appendClient,
  contactDetails,
  createOrUpdateSite,
  createSite,
  listSites,
  parseSiteId,
  relatedContacts,
  relatedPropertyManagers,
  requireSiteContacts,
  siteDetails,
  updateSite,
} from './sites';
import { customerDb, type CustomerDb } from './tables';
import type { CustomerScope } from './scope';
import type { RootDb } from '../db/types';
import { registerPortalLinkRoutes } from './signInLink';

const key = 'customerportal';
const gate = CUSTOMER_PORTAL_GATE;
const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
const base = '/api/customerportal';
const id = { type: 'integer' };
const text = { type: ['string', 'null'] };
/** The documented bodies; each handler checks its own (sites.ts), with SPEC.md point 5's messages. */
const bodyOf = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, ...(required.length ? { required } : {}) });
const stextBody = bodyOf({ stext: text });
const siteBody = bodyOf({ js_id: id }, ['js_id']);
const addressBody = { js_address: { type: 'string' }, js_city: text, js_postcode: text };
const noBody = bodyOf({});

/** The request's brand database and the customer's scope, computed for this call. */
async function scoped(req: FastifyRequest): Promise<{ db: CustomerDb; scope: CustomerScope }> {
  const db = customerDb(req.db);
  return { db, scope: await loadScope(req, db) };
}

export function registerCustomerPortalRoutes(app: FastifyInstance, root: RootDb): void {
  const store = () => app.fileStore;
  registerPortalLinkRoutes(app, root);
  registerCustomerDocumentRoutes(app, gate, store);
  registerCustomerExtraRoutes(app, gate, root);
  registerCustomerMailRoutes(app, gate);
  registerCustomerMessageRoutes(app, gate);
  withMultipart(app, (s) => registerCustomerUploads(s, gate, store));

  action(
    app,
    {
      method: 'POST',
      url: `${base}/filter`,
      key,
      gate,
      querystring: listQuerySchema,
      docBody: {
        type: 'object',
        properties: { stext: { type: ['string', 'null'] }, job_status_ids: { type: 'array', items: { type: 'string' } }, js_id: { type: 'integer' } },
      },
      summary: "The customer's jobs, 20 a page; a hidden status reads null and cannot be filtered on",
    },
    async (req) => {
      const { db, scope } = await scoped(req);
      return filterCustomerJobs(db, scope, req.body, req.query as ListQuery);
    },
  );

  action(
    app,
    { method: 'GET', url: `${base}/:id/details`, key, gate, params: idParams, summary: 'One of the customer’s jobs with its quote state' },
    async (req) => {
      const { db, scope } = await scoped(req);
      return { data: await customerJobDetails(db, scope, idOf(req)) };
    },
  );

  action(
    app,
    {
      method: 'POST',
      url: `${base}/insert`,
      key,
      gate,
      status: 201,
      change: true,
      docBody: {
        type: 'object',
        properties: {
          js_id: { type: 'integer' },
          co_id: { type: 'integer' },
          job_desc: { type: 'string' },
          job_details: { type: 'string' },
          job_wopo: { type: 'string' },
        },
      },
      summary: 'A job request on one of the customer’s sites; any staff field (status, department, people) is refused',
    },
    async (req) => {
      const { db, scope } = await scoped(req);
      const jobId = await insertCustomerJob(req, db, scope);
      return { data: await customerJobDetails(db, scope, jobId) };
    },
  );

  action(
    app,
    {
      method: 'PATCH',
      url: `${base}/:id/update`,
      key,
      gate,
      params: idParams,
      change: true,
      docBody: { type: 'object', properties: { job_desc: { type: 'string' }, job_details: { type: 'string' }, job_wopo: { type: 'string' } } },
      summary: 'Change the texts of one of the customer’s jobs; a status or other staff field: 403',
    },
    async (req) => {
      const { db, scope } = await scoped(req);
      await updateCustomerJob(req, db, scope, idOf(req));
      return { data: await customerJobDetails(db, scope, idOf(req)) };
    },
  );

  const siteList = (url: string, by: 'all' | 'client' | 'pm', docBody: Record<string, unknown>, summary: string) =>
    action(app, { method: 'POST', url: `${base}/${url}`, key, gate, querystring: listQuerySchema, docBody, summary }, async (req) => {
      const { db, scope } = await scoped(req);
      return listSites(db, scope, req.body, req.query as ListQuery, by);
    });
  siteList('jobsites', 'all', stextBody, 'The customer’s sites, 20 a page: { stext }');
  siteList('relatedJobsites', 'client', bodyOf({ co_id: id, stext: text }, ['co_id']), 'The sites of one of the customer’s clients: { co_id, stext }');
  siteList('getRelatedJobSites', 'pm', bodyOf({ pm_id: id, stext: text }, ['pm_id']), 'The sites of one of the customer’s property managers: { pm_id, stext }');

  action(
    app,
    { method: 'POST', url: `${base}/getJobSiteDetails`, key, gate, docBody: siteBody, summary: 'One of the customer’s sites: { js_id }' },
    async (req) => {
      const { db, scope } = await scoped(req);
      return { data: await siteDetails(db, scope, parseSiteId(req.body)) };
    },
  );

  action(
    app,
    { method: 'POST', url: `${base}/jobsitecontacts`, key, gate, docBody: siteBody, summary: 'The contacts of one of the customer’s sites: { js_id }' },
    async (req) => {
      const { db, scope } = await scoped(req);
      return { data: await requireSiteContacts(db, scope, parseSiteId(req.body)) };
    },
  );

  const siteWrite = (method: 'POST' | 'PATCH', url: string, status: number, write: typeof createSite, docBody: Record<string, unknown>, summary: string) =>
    action(app, { method, url: `${base}/${url}`, key, gate, status, change: true, docBody, summary }, async (req) => {
      const { db, scope } = await scoped(req);
      const jsId = await write(db, scope, req.body);
      return { data: await siteDetails(db, scope, jsId) };
    });
  siteWrite(
    'POST',
    'createJobsite',
    201,
    createSite,
    bodyOf({ ...addressBody, co_id: id }, ['js_address', 'co_id']),
    'A new site for one of the customer’s clients: { js_address, co_id, js_city, js_postcode }',
  );
  siteWrite(
    'POST',
    'createUpdateJobsite',
    200,
    createOrUpdateSite,
    bodyOf({ ...addressBody, js_id: id, co_id: id }),
    'With js_id: change one of the customer’s sites; without: a new site (co_id required)',
  );
  siteWrite(
    'PATCH',
    'updateJobsite',
    200,
    updateSite,
    bodyOf({ ...addressBody, js_id: id }, ['js_id']),
    'Change the address of one of the customer’s sites: { js_id, js_address, js_city, js_postcode }',
  );
  siteWrite(
    'POST',
    'appendClientToJobsite',
    200,
    appendClient,
    bodyOf({ js_id: id, co_id: id }, ['js_id', 'co_id']),
    'Add one of the customer’s clients to one of their sites: { js_id, co_id }',
  );

  action(app, { method: 'POST', url: `${base}/relatedContacts`, key, gate, docBody: noBody, summary: 'The customer’s client contacts' }, async (req) => {
    const { db, scope } = await scoped(req);
    return { data: await relatedContacts(db, scope) };
  });
  action(
    app,
    {
      method: 'POST',
      url: `${base}/getContactDetails`,
      key,
      gate,
      docBody: bodyOf({ co_id: id }, ['co_id']),
      summary: 'One of the customer’s client contacts: { co_id }',
    },
    async (req) => {
      const { db, scope } = await scoped(req);
      return { data: await contactDetails(db, scope, req.body) };
    },
  );
  action(
    app,
    { method: 'POST', url: `${base}/relatedPropertyManagers`, key, gate, docBody: noBody, summary: 'The customer’s property managers' },
    async (req) => {
      const { db, scope } = await scoped(req);
      return { data: await relatedPropertyManagers(db, scope) };
    },
  );
}
