/**
 * The database side of routing: everything decide.ts needs for a whole batch, in a few reads
 * whatever the batch's size (the router runs inside the sync's batch transaction, so it must stay
 * cheap: each list goes as one array parameter, `= any($1)`, which PostgreSQL plans far faster than
 * an `in` list of hundreds of parameters). Jobs count as open unless CANCELLED, COMPLETED or SIGNED_OFF; a job without a number
 * (a draft) is never a target.
 */
import { sql, type SqlBool } from 'kysely';
import { namedNumbers, plusTags, quotedOwnSubjectNumbers, repliedIds, type RoutableMail } from './clues';
import type { JobRef, RoutingFacts } from './decide';
import type { RoutingDb } from './tables';

export const CLOSED = ['CANCELLED', 'COMPLETED', 'SIGNED_OFF'];
const CHUNK = 5000;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/**
 * The account's own address and aliases, and every address and alias of the brand's accounts,
 * lower-cased, in one read.
 */
async function addresses(db: RoutingDb, accountId: number): Promise<{ own: Set<string>; brandOwn: Set<string> }> {
  const rows = await db
    .selectFrom('mailaccounts')
    .select(['mailaccount_id', 'ma_email as email'])
    .unionAll(db.selectFrom('mailaliases').select(['mailaccount_id', 'mal_email as email']))
    .execute();
  const own = new Set<string>();
  const brandOwn = new Set<string>();
  for (const r of rows) {
    const address = r.email?.toLowerCase();
    if (!address) continue;
    brandOwn.add(address);
    if (r.mailaccount_id === accountId) own.add(address);
  }
  return { own, brandOwn };
}

async function repliedJobs(db: RoutingDb, ids: string[]): Promise<Map<string, JobRef>> {
  const out = new Map<string, JobRef>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('mails as m')
      .innerJoin('mail_job_links as l', 'l.ma_id', 'm.ma_id')
      .innerJoin('jobs as j', 'j.job_id', 'l.job_id')
      .select(['m.message_id', 'j.job_id', 'j.job_number'])
      .where(sql<SqlBool>`m.message_id = any(${sql.val(part)}::text[])`)
      .where('j.job_number', 'is not', null)
      .orderBy('m.ma_id')
      .orderBy('l.mjl_at')
      .orderBy('l.job_id')
      .execute();
    for (const r of rows) if (!out.has(r.message_id)) out.set(r.message_id, { job_id: r.job_id, job_number: r.job_number! });
  }
  return out;
}

async function jobsByNumber(db: RoutingDb, numbers: string[]): Promise<{ byNumber: Map<string, JobRef>; byDocument: Map<string, JobRef> }> {
  const byNumber = new Map<string, JobRef>();
  const byDocument = new Map<string, JobRef>();
  for (const part of chunks(numbers)) {
    // Job numbers and the sales sections' quote and invoice numbers, in one read.
    const rows = await db
      .selectFrom('jobs')
      .select([sql<boolean>`false`.as('document'), sql<string>`upper(job_number)`.as('number'), 'job_id', 'job_number'])
      .where(sql<SqlBool>`upper(job_number) = any(${sql.val(part)}::text[])`)
      .unionAll(
        db
          .selectFrom('job_sales_sections as s')
          .innerJoin('jobs as j', 'j.job_id', 's.job_id')
          .select([sql<boolean>`true`.as('document'), sql<string>`upper(s.xero_doc_number)`.as('number'), 'j.job_id', 'j.job_number'])
          .where(sql<SqlBool>`upper(s.xero_doc_number) = any(${sql.val(part)}::text[])`)
          .where('j.job_number', 'is not', null),
      )
      .execute();
    for (const r of rows) (r.document ? byDocument : byNumber).set(r.number, { job_id: r.job_id, job_number: r.job_number! });
  }
  return { byNumber, byDocument };
}

/**
 * Per address of a client contact, site contact or property manager on a job: its open jobs, and
 * every job it is on (a quote or invoice number files only a mail from one of the job's people).
 */
async function senderJobs(db: RoutingDb, addresses: string[]): Promise<{ open: Map<string, JobRef[]>; party: Map<string, Set<number>> }> {
  const out = new Map<string, JobRef[]>();
  const party = new Map<string, Set<number>>();
  for (const part of chunks(addresses)) {
    const numbered = db.selectFrom('jobs as j').where('j.job_number', 'is not', null);
    const rows = await numbered
      .innerJoin('contacts as c', 'c.co_id', 'j.co_id')
      .select([sql<string>`lower(c.co_email)`.as('address'), 'j.job_id', 'j.job_number', 'j.job_status'])
      .where(sql<SqlBool>`lower(c.co_email) = any(${sql.val(part)}::text[])`)
      .union(
        numbered
          .innerJoin('propertymanagers as p', 'p.pm_id', 'j.pm_id')
          .select([sql<string>`lower(p.pm_email)`.as('address'), 'j.job_id', 'j.job_number', 'j.job_status'])
          .where(sql<SqlBool>`lower(p.pm_email) = any(${sql.val(part)}::text[])`),
      )
      .union(
        numbered
          .innerJoin('jobsitecontacts as s', 's.jsc_id', 'j.jsc_id')
          .select([sql<string>`lower(s.jsc_email)`.as('address'), 'j.job_id', 'j.job_number', 'j.job_status'])
          .where(sql<SqlBool>`lower(s.jsc_email) = any(${sql.val(part)}::text[])`),
      )
      .execute();
    for (const r of rows) {
      party.set(r.address, (party.get(r.address) ?? new Set()).add(r.job_id));
      if (CLOSED.includes(r.job_status as string)) continue;
      const list = out.get(r.address) ?? [];
      list.push({ job_id: r.job_id, job_number: r.job_number! });
      out.set(r.address, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => a.job_id - b.job_id);
  return { open: out, party };
}

export async function loadFacts(db: RoutingDb, accountId: number, mails: RoutableMail[]): Promise<RoutingFacts> {
  const { own, brandOwn } = await addresses(db, accountId);
  const ids = new Set<string>();
  const numbers = new Set<string>();
  const senders = new Set<string>();
  for (const m of mails) {
    for (const id of repliedIds(m)) ids.add(id);
    for (const { tag } of plusTags(m, brandOwn)) numbers.add(tag);
    const named = namedNumbers(m);
    for (const n of [...named.subject, ...named.body, ...quotedOwnSubjectNumbers(m, brandOwn)]) numbers.add(n);
    const from = m.mail_from?.address.toLowerCase();
    if (from && !own.has(from)) senders.add(from);
  }
  const { byNumber, byDocument } = numbers.size ? await jobsByNumber(db, [...numbers]) : { byNumber: new Map(), byDocument: new Map() };
  const people = senders.size ? await senderJobs(db, [...senders]) : { open: new Map(), party: new Map() };
  return {
    own,
    brandOwn,
    repliedJobs: ids.size ? await repliedJobs(db, [...ids]) : new Map(),
    byNumber,
    byDocument,
    senderJobs: people.open,
    partyJobs: people.party,
  };
}
