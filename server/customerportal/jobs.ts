/**
 * The customer's jobs: POST customerportal/filter (20 a page), GET {id}/details, POST insert (a job
 * request) and PATCH {id}/update (the texts only). SPEC.md points 4 and 6: a status outside
 * CUSTOMER_VISIBLE_STATUSES reads as null and can be neither filtered nor sorted on; a customer never
 * sets or changes a status, a department, people or anything else staff decide.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  CUSTOMER_PAGE_SIZE,
  type CustomerJobDetails,
  type CustomerJobRow,
  type CustomerQuoteState,
  type CustomerSalesDocument,
} from '../../core/customerportal/types';
import { customerText } from '../../core/customerportal/messages';
import type { JobStatus } from '../../core/enums';
import { CUSTOMER_VISIBLE_STATUSES, isCustomerVisibleStatus } from '../../core/jobs/rules';
import { toWireDate } from '../envelope/datetime';
import { AppError, notFound } from '../envelope/errors';
import { parseListQuery, parseSearchText, type ListOptions, type ListQuery } from '../http/listQuery';
import { asObject } from '../http/objects';
import { notAllowedToModify } from '../jobs/access';
import { FieldErrors, id, oneOf, text } from '../jobs/sales/parse';
import { jobDb } from '../jobs/tables';
import { parseJobWrite } from '../jobs/validate';
import { createJob, updateJob } from '../jobs/writes';
import { raiseNotification } from '../notifications/raise';
import { containsPattern } from '../resources/likeEscape';
import { onlineInvoiceUrl } from '../accounting/documents/push';
import { requireSite, scopedJob, scopedJobIds, type CustomerScope } from './scope';
import type { CustomerDb } from './tables';

/** Sortable columns: never the status, whose order would reveal a hidden one. */
const SORTABLE = ['job_number', 'job_start', 'job_end', 'created_at', 'job_id'] as const;
const LIST: ListOptions<(typeof SORTABLE)[number]> = {
  pageSize: CUSTOMER_PAGE_SIZE,
  sort: { sortable: SORTABLE, defaultSort: '-job_id', tieBreaker: { column: 'job_id', desc: true } },
};

function joined(db: CustomerDb, scope: CustomerScope) {
  return db
    .selectFrom('jobs as j')
    .leftJoin('jobsites as s', 's.js_id', 'j.js_id')
    .leftJoin('contacts as c', 'c.co_id', 'j.co_id')
    .where('j.job_id', 'in', scopedJobIds(db, scope));
}

const rowColumns = [
  'j.job_id',
  'j.job_number',
  'j.job_status',
  'j.job_desc',
  'j.job_wopo',
  'j.js_id',
  's.js_address',
  's.js_postcode',
  'c.co_name',
  'j.job_start',
  'j.job_end',
  'j.created_at',
] as const;

interface RawRow {
  job_id: number;
  job_number: string | null;
  job_status: string;
  job_desc: string | null;
  job_wopo: string | null;
  js_id: number | null;
  js_address: string | null;
  js_postcode: string | null;
  co_name: string | null;
  job_start: Date | null;
  job_end: Date | null;
  created_at: Date;
}

function wireRow(r: RawRow): CustomerJobRow {
  return {
    job_id: r.job_id,
    job_number: r.job_number,
    job_status: isCustomerVisibleStatus(r.job_status) ? (r.job_status as JobStatus) : null,
    job_desc: r.job_desc,
    job_wopo: r.job_wopo,
    js_id: r.js_id,
    js_address: r.js_address,
    js_postcode: r.js_postcode,
    co_name: r.co_name,
    job_start: toWireDate(r.job_start),
    job_end: toWireDate(r.job_end),
    created_at: toWireDate(r.created_at),
  };
}

interface Filter {
  stext: string | null;
  statuses: string[];
  js_id: number | null;
}

/** `{ stext, job_status_ids, js_id }`; a status the customer may not see is 'Invalid value', as on the sheet. */
function parseFilter(input: unknown): Filter {
  const body = asObject(input);
  const errs = new FieldErrors();
  for (const k of Object.keys(body)) if (!['stext', 'job_status_ids', 'js_id'].includes(k)) errs.add(k, 'value');
  const statuses: string[] = [];
  if (body.job_status_ids !== undefined && body.job_status_ids !== null) {
    if (!Array.isArray(body.job_status_ids)) errs.add('job_status_ids', 'value');
    else body.job_status_ids.forEach((s, i) => statuses.push(oneOf(errs, `job_status_ids.${i}`, s, CUSTOMER_VISIBLE_STATUSES, true) as string));
  }
  const js_id = id(errs, 'js_id', body.js_id) ?? null;
  const raw = text(errs, 'stext', body.stext, 100);
  errs.throwIfAny();
  return { stext: raw ? parseSearchText(raw) : null, statuses, js_id };
}

export async function filterCustomerJobs(db: CustomerDb, scope: CustomerScope, body: unknown, query: ListQuery) {
  const f = parseFilter(body);
  const p = parseListQuery(query, LIST);
  let q = joined(db, scope);
  if (f.statuses.length) q = q.where('j.job_status', 'in', f.statuses);
  if (f.js_id) q = q.where('j.js_id', '=', f.js_id);
  if (f.stext) {
    const like = containsPattern(f.stext);
    q = q.where((eb) =>
      eb.or([
        eb('j.job_number', 'ilike', like),
        eb('j.job_desc', 'ilike', like),
        eb('j.job_wopo', 'ilike', like),
        eb('s.js_address', 'ilike', like),
        eb('s.js_postcode', 'ilike', like),
      ]),
    );
  }
  let page = q.select([...rowColumns]);
  for (const t of p.sort) page = page.orderBy(sql.ref(`j.${t.column}`), (ob) => (t.desc ? ob.desc().nullsLast() : ob.asc().nullsFirst()));
  const [rows, total] = await Promise.all([
    page.limit(p.limit).offset(p.offset).execute(),
    p.withTotal ? q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst() : undefined,
  ]);
  return { data: (rows as RawRow[]).map(wireRow), totalCount: total ? Number(total.n) : undefined };
}

/** The quote the customer decides on: the job's QUOTE sections and the latest decision. */
async function quoteState(db: CustomerDb, jobId: number, status: string): Promise<CustomerQuoteState> {
  const [sections, decision] = await Promise.all([
    db
      .selectFrom('job_sales_sections as ss')
      .leftJoin('job_sales_items as si', (j) => j.onRef('si.jss_id', '=', 'ss.jss_id').on('si.sales_kind', 'not in', ['purchase', 'cost']))
      .select((eb) => [
        eb.fn.count<string>('ss.jss_id').distinct().as('n'),
        sql<string>`round(coalesce(sum(si.net_amount), 0), 2)::text`.as('net'),
        eb.fn.max('ss.updated_at').as('changed'),
      ])
      .where('ss.job_id', '=', jobId)
      .where('ss.jss_invoice_type', '=', 'QUOTE')
      .executeTakeFirst(),
    db.selectFrom('job_quote_decisions').selectAll().where('job_id', '=', jobId).orderBy('jqd_at', 'desc').orderBy('jqd_id', 'desc').executeTakeFirst(),
  ]);
  const hasQuote = Number(sections?.n ?? 0) > 0;
  const changed = sections?.changed ? new Date(sections.changed as unknown as string) : null;
  // A quote changed after the last decision (re-quoted after a decline) waits for a new one.
  const awaiting = status === 'QUOTED' && hasQuote && (!decision || (changed !== null && changed > decision.jqd_at));
  return {
    awaiting,
    decision: decision?.jqd_decision ?? null,
    name: decision?.jqd_name ?? null,
    decided_at: decision ? toWireDate(decision.jqd_at) : null,
    net_total: hasQuote ? (sections?.net ?? null) : null,
  };
}

/** The job's quotes and invoices; an invoice pushed to Xero carries its online-invoice link (view and pay) when Xero gave one. */
async function salesDocuments(db: CustomerDb, jobId: number): Promise<CustomerJobDetails['sales_documents']> {
  const rows = await db
    .selectFrom('job_sales_sections')
    .select(['jss_id', 'jss_title', 'jss_invoice_type', 'xero_doc_type', 'xero_doc_url'])
    .where('job_id', '=', jobId)
    .orderBy('jss_ordering')
    .orderBy('jss_id')
    .execute();
  return rows.map((r) => ({
    jss_id: r.jss_id,
    jss_title: r.jss_title,
    jss_invoice_type: r.jss_invoice_type as CustomerSalesDocument['jss_invoice_type'],
    online_invoice_url: onlineInvoiceUrl(r.xero_doc_type, r.xero_doc_url),
  }));
}

export async function customerJobDetails(db: CustomerDb, scope: CustomerScope, jobId: number): Promise<CustomerJobDetails> {
  const row = await joined(db, scope)
    .leftJoin('propertymanagers as p', 'p.pm_id', 'j.pm_id')
    .leftJoin('jobsitecontacts as sc', 'sc.jsc_id', 'j.jsc_id')
    .select([...rowColumns, 'j.job_details', 's.js_city', 'p.pm_name', 'sc.jsc_name'])
    .where('j.job_id', '=', jobId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    ...wireRow(row as RawRow),
    job_details: row.job_details,
    js_city: row.js_city,
    pm_name: row.pm_name,
    jsc_name: row.jsc_name,
    quote: await quoteState(db, jobId, row.job_status),
    sales_documents: await salesDocuments(db, jobId),
  };
}

export async function requireAwaitingQuote(db: CustomerDb, jobId: number, status: string): Promise<void> {
  if (!(await quoteState(db, jobId, status)).awaiting) {
    throw new AppError({ code: 'CONFLICT', status: 409, primary: customerText('errors.noQuote'), general: 'record' });
  }
}

/** What a customer may send when requesting or changing a job; anything else is staff's to decide. */
const REQUEST_FIELDS = ['js_id', 'co_id', 'job_desc', 'job_details', 'job_wopo'];
const TEXT_FIELDS = new Set(['job_desc', 'job_details', 'job_wopo']);
/** Fields of the details the SPA may send back unchanged: ignored, not refused. */
const READ_ONLY = new Set([
  'job_id',
  'job_number',
  'js_id',
  'js_address',
  'js_postcode',
  'js_city',
  'co_name',
  'pm_name',
  'jsc_name',
  'job_start',
  'job_end',
  'created_at',
  'quote',
]);

/**
 * POST customerportal/insert: a job request on one of the customer's sites. It is numbered in the
 * brand's first active department with the default status (QUOTED: to be quoted), the customer as
 * its customer, the site's client and manager from their scope, and their default operators
 * assigned; it raises CUSTOMER_NEW_JOB for them (for every operator when they have none).
 */
export async function insertCustomerJob(req: FastifyRequest, db: CustomerDb, scope: CustomerScope): Promise<number> {
  const body = asObject(req.body);
  const errs = new FieldErrors();
  // A status, department, engineer or any other staff field refuses the request, nothing is written.
  for (const k of Object.keys(body)) if (!REQUEST_FIELDS.includes(k)) errs.add(k, 'value');
  const js_id = id(errs, 'js_id', body.js_id);
  if (js_id === undefined || js_id === null) errs.add('js_id', 'required');
  const co_id = id(errs, 'co_id', body.co_id) ?? null;
  const job_desc = text(errs, 'job_desc', body.job_desc, 100, true);
  const job_details = text(errs, 'job_details', body.job_details, 3000) ?? null;
  const job_wopo = text(errs, 'job_wopo', body.job_wopo, 100) ?? null;
  errs.throwIfAny();
  const site = js_id as number;

  return db.transaction().execute(async (trx) => {
    await requireSite(trx, scope, site);
    const [clients, pms, department, operators] = await Promise.all([
      trx.selectFrom('jobsite_clients').select(['co_id', 'is_lead']).where('js_id', '=', site).orderBy('is_lead', 'desc').orderBy('co_id').execute(),
      trx.selectFrom('jobsite_propertymanagers').select(['pm_id', 'is_lead']).where('js_id', '=', site).orderBy('is_lead', 'desc').orderBy('pm_id').execute(),
      trx.selectFrom('departments').select('de_id').where('de_is_active', '=', true).orderBy('de_id').executeTakeFirst(),
      trx
        .selectFrom('user_default_operators as o')
        .innerJoin('users as u', 'u.us_id', 'o.operator_us_id')
        .select('o.operator_us_id')
        .where('o.us_id', '=', scope.usId)
        .where('u.is_hidden', '=', false)
        .execute(),
    ]);
    if (!department) throw new AppError({ code: 'CONFLICT', status: 409, primary: customerText('errors.noDepartment') });
    const siteClients = clients.map((c) => c.co_id);
    // The client named must be one of theirs and on the site; else the site's first client of theirs.
    if (co_id !== null && (!scope.clientIds.includes(co_id) || !siteClients.includes(co_id))) throw notFound();
    const client = co_id ?? siteClients.find((c) => scope.clientIds.includes(c)) ?? null;
    const pm = pms.map((p) => p.pm_id).find((p) => scope.pmIds.includes(p)) ?? null;
    const w = parseJobWrite({ de_id: department.de_id, js_id: site, co_id: client, pm_id: pm, job_desc, job_details, job_wopo }, 'create');
    const jobs = jobDb(trx);
    const jobId = await createJob(req, jobs, { ...w, customer_us_id: scope.usId, assigned: operators.map((o) => o.operator_us_id) }, 'customer_request');
    const job = await trx.selectFrom('jobs').select('job_number').where('job_id', '=', jobId).executeTakeFirstOrThrow();
    // Recipients: the job's audience, i.e. the operators just assigned, else every operator (raise.ts).
    await raiseNotification(jobs, { type: 'CUSTOMER_NEW_JOB', job_id: jobId, actor: scope.usId, params: { job_number: job.job_number, job_desc } });
    return jobId;
  });
}

/**
 * PATCH customerportal/{id}/update: only job_desc, job_wopo, job_details. A status in the body is
 * refused (403 'You are not allowed to modify this job.', the jobs PATCH's rule for customers), as
 * is any other staff field; nothing is written then. updateJob raises CUSTOMER_JOB_UPDATE.
 */
export async function updateCustomerJob(req: FastifyRequest, db: CustomerDb, scope: CustomerScope, jobId: number): Promise<void> {
  const body = asObject(req.body);
  for (const k of Object.keys(body)) if (!TEXT_FIELDS.has(k) && !READ_ONLY.has(k)) throw notAllowedToModify();
  const w = parseJobWrite(Object.fromEntries(Object.entries(body).filter(([k]) => TEXT_FIELDS.has(k))), 'update');
  await db.transaction().execute(async (trx) => {
    const job = await scopedJob(trx, scope, jobId, true);
    await updateJob(req, jobDb(trx), job, w);
  });
}
