/**
 * The customer's sites, clients, property managers and site contacts (SPEC.md point 7, customer
 * portal): lists and details within their scope (./scope.ts), and the site writes a customer may
 * make: create a site for one of their clients, change its address, add another of their clients to
 * one of their sites. Address rules are the staff form's (required, at most 100 characters).
 */
import { sql } from 'kysely';
import type { CustomerSiteDetails, CustomerSiteRow } from '../../core/customerportal/types';
import { notFound } from '../envelope/errors';
import { parseListQuery, parseSearchText, type ListQuery } from '../http/listQuery';
import { asObject } from '../http/objects';
import { FieldErrors, id, text } from '../jobs/sales/parse';
import { containsPattern } from '../resources/likeEscape';
import { requireClient, requirePm, requireSite, scopedSiteIds, type CustomerScope } from './scope';
import type { CustomerDb } from './tables';

export const SITE_PAGE_SIZE = 20;

/** A body of exactly these fields: unknown ones are 'Invalid value'. */
function fieldsOf(input: unknown, known: readonly string[]): { body: Record<string, unknown>; errs: FieldErrors } {
  const body = asObject(input);
  const errs = new FieldErrors();
  for (const k of Object.keys(body)) if (!known.includes(k)) errs.add(k, 'value');
  return { body, errs };
}

function requiredId(errs: FieldErrors, field: string, v: unknown): number {
  const n = id(errs, field, v);
  if (n === undefined || n === null) errs.add(field, 'required');
  return n ?? 0;
}

async function clientsOf(db: CustomerDb, scope: CustomerScope, siteIds: number[]) {
  if (!siteIds.length) return new Map<number, { co_id: number; co_name: string }[]>();
  // Only the site's clients that are the customer's own: other clients of a shared site stay unnamed.
  const rows = await db
    .selectFrom('jobsite_clients as l')
    .innerJoin('contacts as c', 'c.co_id', 'l.co_id')
    .select(['l.js_id', 'c.co_id', 'c.co_name'])
    .where('l.js_id', 'in', siteIds)
    .where('l.co_id', 'in', scope.clientIds.length ? scope.clientIds : [0])
    .orderBy('l.is_lead', 'desc')
    .orderBy('c.co_name')
    .execute();
  const out = new Map<number, { co_id: number; co_name: string }[]>();
  for (const r of rows) out.set(r.js_id, [...(out.get(r.js_id) ?? []), { co_id: r.co_id, co_name: r.co_name }]);
  return out;
}

/**
 * POST jobsites (every site in scope), relatedJobsites { co_id } (one client's), getRelatedJobSites
 * { pm_id } (one manager's): 20 a page, by address, free text over address, city and postcode.
 */
export async function listSites(db: CustomerDb, scope: CustomerScope, input: unknown, query: ListQuery, by: 'all' | 'client' | 'pm') {
  const { body, errs } = fieldsOf(input, ['stext', ...(by === 'client' ? ['co_id'] : by === 'pm' ? ['pm_id'] : [])]);
  const coId = by === 'client' ? requiredId(errs, 'co_id', body.co_id) : 0;
  const pmId = by === 'pm' ? requiredId(errs, 'pm_id', body.pm_id) : 0;
  const raw = text(errs, 'stext', body.stext, 100);
  errs.throwIfAny();
  if (by === 'client') requireClient(scope, coId);
  if (by === 'pm') requirePm(scope, pmId);
  const stext = raw ? parseSearchText(raw) : null;
  const p = parseListQuery(query, { pageSize: SITE_PAGE_SIZE });
  let q = db.selectFrom('jobsites as s').where('s.js_id', 'in', scopedSiteIds(db, scope));
  if (by === 'client') q = q.where('s.js_id', 'in', db.selectFrom('jobsite_clients').select('js_id').where('co_id', '=', coId));
  if (by === 'pm') q = q.where('s.js_id', 'in', db.selectFrom('jobsite_propertymanagers').select('js_id').where('pm_id', '=', pmId));
  if (stext) {
    const like = containsPattern(stext);
    q = q.where((eb) => eb.or([eb('s.js_address', 'ilike', like), eb('s.js_city', 'ilike', like), eb('s.js_postcode', 'ilike', like)]));
  }
  const [rows, total] = await Promise.all([
    q
      .select(['s.js_id', 's.js_address', 's.js_city', 's.js_postcode'])
      .orderBy(sql`lower(s.js_address)`)
      .orderBy('s.js_id')
      .limit(p.limit)
      .offset(p.offset)
      .execute(),
    p.withTotal ? q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst() : undefined,
  ]);
  const clients = await clientsOf(
    db,
    scope,
    rows.map((r) => r.js_id),
  );
  const data: CustomerSiteRow[] = rows.map((r) => ({ ...r, clients: clients.get(r.js_id) ?? [] }));
  return { data, totalCount: total ? Number(total.n) : undefined };
}

/** POST getJobSiteDetails { js_id }: the site, its (own) clients, managers and site contacts. */
export async function siteDetails(db: CustomerDb, scope: CustomerScope, jsId: number): Promise<CustomerSiteDetails> {
  await requireSite(db, scope, jsId);
  const [site, clients, pms, contacts] = await Promise.all([
    db.selectFrom('jobsites').select(['js_id', 'js_address', 'js_city', 'js_postcode']).where('js_id', '=', jsId).executeTakeFirstOrThrow(),
    clientsOf(db, scope, [jsId]),
    db
      .selectFrom('jobsite_propertymanagers as l')
      .innerJoin('propertymanagers as p', 'p.pm_id', 'l.pm_id')
      .select(['p.pm_id', 'p.pm_name'])
      .where('l.js_id', '=', jsId)
      .orderBy('l.is_lead', 'desc')
      .orderBy('p.pm_name')
      .execute(),
    siteContacts(db, jsId),
  ]);
  return { ...site, clients: clients.get(jsId) ?? [], propertymanagers: pms, sitecontacts: contacts };
}

export function siteContacts(db: CustomerDb, jsId: number) {
  return db
    .selectFrom('jobsite_sitecontacts as l')
    .innerJoin('jobsitecontacts as c', 'c.jsc_id', 'l.jsc_id')
    .select(['c.jsc_id', 'c.jsc_name', 'c.jsc_email', 'c.jsc_phone'])
    .where('l.js_id', '=', jsId)
    .orderBy('l.is_lead', 'desc')
    .orderBy('c.jsc_name')
    .execute();
}

export function parseSiteId(input: unknown): number {
  const { body, errs } = fieldsOf(input, ['js_id']);
  const jsId = requiredId(errs, 'js_id', body.js_id);
  errs.throwIfAny();
  return jsId;
}

interface AddressFields {
  js_address?: string;
  js_city?: string | null;
  js_postcode?: string | null;
}

function parseAddress(errs: FieldErrors, body: Record<string, unknown>, required: boolean): AddressFields {
  const out: AddressFields = {};
  const address = text(errs, 'js_address', body.js_address, 100, required);
  if (address !== undefined && address !== null) out.js_address = address.trim();
  else if (address === null && body.js_address !== undefined) errs.add('js_address', 'required');
  const city = text(errs, 'js_city', body.js_city, 100);
  if (city !== undefined) out.js_city = city;
  const postcode = text(errs, 'js_postcode', body.js_postcode, 100);
  if (postcode !== undefined) out.js_postcode = postcode;
  return out;
}

/** POST createJobsite { js_address, co_id, js_city?, js_postcode? }: a new site with that client as its lead. */
export async function createSite(db: CustomerDb, scope: CustomerScope, input: unknown): Promise<number> {
  const { body, errs } = fieldsOf(input, ['js_address', 'js_city', 'js_postcode', 'co_id']);
  const coId = requiredId(errs, 'co_id', body.co_id);
  const address = parseAddress(errs, body, true);
  errs.throwIfAny();
  requireClient(scope, coId);
  return db.transaction().execute(async (trx) => {
    const site = await trx
      .insertInto('jobsites')
      .values({ js_address: address.js_address!, js_city: address.js_city ?? null, js_postcode: address.js_postcode ?? null })
      .returning('js_id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('jobsite_clients').values({ js_id: site.js_id, co_id: coId, is_lead: true }).execute();
    return site.js_id;
  });
}

/** PATCH updateJobsite { js_id, js_address?, js_city?, js_postcode? }: one of their sites' address. */
export async function updateSite(db: CustomerDb, scope: CustomerScope, input: unknown): Promise<number> {
  const { body, errs } = fieldsOf(input, ['js_id', 'js_address', 'js_city', 'js_postcode']);
  const jsId = requiredId(errs, 'js_id', body.js_id);
  const address = parseAddress(errs, body, false);
  errs.throwIfAny();
  await requireSite(db, scope, jsId);
  if (Object.keys(address).length) await db.updateTable('jobsites').set(address).where('js_id', '=', jsId).execute();
  return jsId;
}

/**
 * POST createUpdateJobsite: without js_id a new site (then co_id is required); with js_id a change
 * of one of their sites, where a co_id sent beside it (a site form saved as a whole) must be one of
 * their clients and is added to the site as appendClientToJobsite does. Checked before anything is
 * written, and written in one transaction, so a refused body changes nothing.
 */
export async function createOrUpdateSite(db: CustomerDb, scope: CustomerScope, input: unknown): Promise<number> {
  const body = asObject(input);
  if (body.js_id === undefined || body.js_id === null) return createSite(db, scope, input);
  const { co_id: rawClient, ...site } = body;
  if (rawClient === undefined || rawClient === null) return updateSite(db, scope, site);
  const errs = new FieldErrors();
  const coId = requiredId(errs, 'co_id', rawClient);
  errs.throwIfAny();
  requireClient(scope, coId);
  return db.transaction().execute(async (trx) => {
    const jsId = await updateSite(trx, scope, site);
    return appendClient(trx, scope, { js_id: jsId, co_id: coId });
  });
}

/** POST appendClientToJobsite { js_id, co_id }: both must be theirs; adding one already there changes nothing. */
export async function appendClient(db: CustomerDb, scope: CustomerScope, input: unknown): Promise<number> {
  const { body, errs } = fieldsOf(input, ['js_id', 'co_id']);
  const jsId = requiredId(errs, 'js_id', body.js_id);
  const coId = requiredId(errs, 'co_id', body.co_id);
  errs.throwIfAny();
  requireClient(scope, coId);
  await requireSite(db, scope, jsId);
  await db
    .insertInto('jobsite_clients')
    .values({ js_id: jsId, co_id: coId, is_lead: false })
    .onConflict((oc) => oc.columns(['js_id', 'co_id']).doNothing())
    .execute();
  return jsId;
}

/** POST relatedContacts: the customer's client contacts. */
export function relatedContacts(db: CustomerDb, scope: CustomerScope) {
  if (!scope.clientIds.length) return Promise.resolve([]);
  return db
    .selectFrom('contacts')
    .select(['co_id', 'co_name', 'co_company', 'co_email', 'co_phone'])
    .where('co_id', 'in', scope.clientIds)
    .orderBy('co_name')
    .orderBy('co_id')
    .execute();
}

/** POST getContactDetails { co_id }: one of their client contacts. */
export async function contactDetails(db: CustomerDb, scope: CustomerScope, input: unknown) {
  const { body, errs } = fieldsOf(input, ['co_id']);
  const coId = requiredId(errs, 'co_id', body.co_id);
  errs.throwIfAny();
  requireClient(scope, coId);
  const row = await db
    .selectFrom('contacts')
    .select(['co_id', 'co_name', 'co_company', 'co_email', 'co_phone', 'co_address'])
    .where('co_id', '=', coId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** POST relatedPropertyManagers: the customer's property managers. */
export function relatedPropertyManagers(db: CustomerDb, scope: CustomerScope) {
  if (!scope.pmIds.length) return Promise.resolve([]);
  return db
    .selectFrom('propertymanagers')
    .select(['pm_id', 'pm_name', 'pm_company', 'pm_email', 'pm_phone'])
    .where('pm_id', 'in', scope.pmIds)
    .orderBy('pm_name')
    .orderBy('pm_id')
    .execute();
}

/** POST jobsitecontacts { js_id }: the contacts of one of their sites. */
export async function requireSiteContacts(db: CustomerDb, scope: CustomerScope, jsId: number) {
  await requireSite(db, scope, jsId);
  return siteContacts(db, jsId);
}
