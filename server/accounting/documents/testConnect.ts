/**
 * Test helpers of the document pushes: connect a test brand to the run's local Xero the way a
 * browser does (loginUrl, the sandbox's consent page as a subject of its own, POST
 * xeroauth/connect), and a job with a client and a section to push.
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { brandDb, type RootDb } from '../../db/types';
import type { OAuthDb } from '../../integrations/oauth/tables';
import type { AnyDb } from '../../resources/hooks';
import { call, uniqueName } from '../../test/helpers';
import { brandJobs, makeJob } from '../../jobs/sales/testJobs';

export interface Connected {
  subject: string;
  tenantId: string;
}

/** Connects the brand to a new Xero organisation (a new subject gets a tenant of its own). */
export async function connectDocumentsBrand(app: FastifyInstance, root: RootDb, brand: { host: string; schema: string }, admin: string): Promise<Connected> {
  const { host } = brand;
  const subject = uniqueName('xero-docs');
  const begun = await call(app, { url: '/api/xeroauth/loginUrl', cookie: admin, host });
  expect(begun.status, begun.text).toBe(200);
  const url = new URL(begun.json.xeroauth.data.url);
  url.searchParams.set('login_hint', subject);
  const res = await fetch(url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  const connected = await call(app, {
    method: 'POST',
    url: '/api/xeroauth/connect',
    cookie: admin,
    host,
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(connected.status, connected.text).toBe(200);
  const grant = await call(app, { url: '/api/xeroauth/checkstatus', cookie: admin, host });
  expect(grant.json.xeroauth.data.connected).toBe(true);
  const db = brandDb(root, brand.schema) as unknown as OAuthDb;
  const g = await db.selectFrom('oauth_grants').select('external_id').where('status', '=', 'active').orderBy('og_id', 'desc').executeTakeFirstOrThrow();
  return { subject, tenantId: g.external_id };
}

export async function disconnectDocumentsBrand(app: FastifyInstance, host: string, admin: string): Promise<void> {
  await call(app, { url: '/api/xeroauth/logout', cookie: admin, host });
}

/** A job of the brand's with a client of its own (no Xero id yet) and one section with the given rows. */
export async function jobWithSection(
  root: RootDb,
  schema: string,
  section: {
    type?: string;
    title?: string;
    due?: string;
    expiryDays?: number;
    rows: { code?: string; desc: string; qty: number; unit: string; tax: number }[];
  },
): Promise<{ jobId: number; jssId: number; coId: number; clientName: string }> {
  const db = brandJobs(root, schema);
  // A test brand starts without departments; a job needs one.
  if (!(await db.selectFrom('departments').select('de_id').executeTakeFirst()))
    await (db as unknown as AnyDb)
      .insertInto('departments')
      .values({ de_name: 'Repairs', de_prefix: uniqueName('R') })
      .onConflict((oc) => oc.doNothing())
      .execute();
  const jobId = await makeJob(root, { schema });
  const clientName = uniqueName('Client Ltd');
  const { co_id } = await db
    .insertInto('contacts')
    .values({ co_type: 'CLIENT', co_name: clientName, co_company: null })
    .returning('co_id')
    .executeTakeFirstOrThrow();
  await db.updateTable('jobs').set({ co_id }).where('job_id', '=', jobId).execute();
  const { jss_id } = await db
    .insertInto('job_sales_sections')
    .values({
      job_id: jobId,
      jss_title: section.title ?? 'Bathroom',
      jss_invoice_type: section.type ?? 'INVOICE',
      jss_due_date: section.due ?? null,
      jss_expiry_days: section.expiryDays ?? 60,
    })
    .returning('jss_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('job_sales_items')
    .values(
      section.rows.map((r, i) => ({
        jss_id,
        sales_kind: 'invoice',
        ordering: i,
        item_code: r.code ?? null,
        description: r.desc,
        qty: r.qty,
        net_unit_cost: 0,
        net_unit_sales: r.unit,
        tax_rate: r.tax,
        net_amount: (r.qty * Number(r.unit)).toFixed(2),
      })),
    )
    .execute();
  return { jobId, jssId: jss_id, coId: co_id, clientName };
}
