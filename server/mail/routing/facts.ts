/**
 * The database side of routing: everything decide.ts needs for a whole batch, in two reads
 * whatever the batch's size (the router runs inside the sync's batch transaction, so it must stay
 * cheap: each list goes as one array parameter, `= any($1)`, which PostgreSQL plans far faster than
 * an `in` list of hundreds of parameters). Jobs count as open unless CANCELLED, COMPLETED or SIGNED_OFF; a job without a number
 * (a draft) is never a target.
 */
import { sql, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { namedNumbers, plusTags, quotedOwnSubjectNumbers, repliedIds, type RoutableMail } from './clues';
import type { JobRef, RoutingFacts } from './decide';
import type { RoutingDb } from './tables';

export const CLOSED = ['CANCELLED', 'COMPLETED', 'SIGNED_OFF'];
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

/**
 * What the batch's replied-to Message-IDs, named numbers and senders point at, in one statement:
 * the jobs replied-to mails are linked to (first link of the first stored mail), the jobs and
 * sales sections whose numbers are named, and the jobs each sender is a party of.
 */
function jobReads(db: RoutingDb, ids: string[], numbers: string[], senders: string[]) {
  const numbered = () => db.selectFrom('jobs as j').where('j.job_number', 'is not', null);
  const party = (column: string) => sql<string>`lower(${sql.ref(column)})`;
  return db
    .selectNoFrom([
      jsonArrayFrom(
        numbered()
          .innerJoin('mail_job_links as l', 'l.job_id', 'j.job_id')
          .innerJoin('mails as m', 'm.ma_id', 'l.ma_id')
          .select(['m.message_id', 'j.job_id', 'j.job_number'])
          .select(sql<number>`row_number() over (order by m.ma_id, l.mjl_at, l.job_id)`.as('rank'))
          .where(sql<SqlBool>`m.message_id = any(${sql.val(ids)}::text[])`),
      ).as('replied'),
      jsonArrayFrom(
        db
          .selectFrom('jobs')
          .select([sql<boolean>`false`.as('document'), sql<string>`upper(job_number)`.as('number'), 'job_id', 'job_number'])
          .where(sql<SqlBool>`upper(job_number) = any(${sql.val(numbers)}::text[])`)
          .unionAll(
            numbered()
              .innerJoin('job_sales_sections as s', 's.job_id', 'j.job_id')
              .select([sql<boolean>`true`.as('document'), sql<string>`upper(s.xero_doc_number)`.as('number'), 'j.job_id', 'j.job_number'])
              .where(sql<SqlBool>`upper(s.xero_doc_number) = any(${sql.val(numbers)}::text[])`),
          ),
      ).as('numbered'),
      jsonArrayFrom(
        numbered()
          .innerJoin('contacts as c', 'c.co_id', 'j.co_id')
          .select([party('c.co_email').as('address'), 'j.job_id', 'j.job_number', 'j.job_status'])
          .where(sql<SqlBool>`lower(c.co_email) = any(${sql.val(senders)}::text[])`)
          .union(
            numbered()
              .innerJoin('propertymanagers as p', 'p.pm_id', 'j.pm_id')
              .select([party('p.pm_email').as('address'), 'j.job_id', 'j.job_number', 'j.job_status'])
              .where(sql<SqlBool>`lower(p.pm_email) = any(${sql.val(senders)}::text[])`),
          )
          .union(
            numbered()
              .innerJoin('jobsitecontacts as s', 's.jsc_id', 'j.jsc_id')
              .select([party('s.jsc_email').as('address'), 'j.job_id', 'j.job_number', 'j.job_status'])
              .where(sql<SqlBool>`lower(s.jsc_email) = any(${sql.val(senders)}::text[])`),
          ),
      ).as('senders'),
    ])
    .executeTakeFirstOrThrow();
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
  const repliedJobs = new Map<string, JobRef>();
  const byNumber = new Map<string, JobRef>();
  const byDocument = new Map<string, JobRef>();
  const senderJobs = new Map<string, JobRef[]>();
  const partyJobs = new Map<string, Set<number>>();
  if (ids.size || numbers.size || senders.size) {
    const read = await jobReads(db, [...ids], [...numbers], [...senders]);
    for (const r of read.replied.sort((a, b) => a.rank - b.rank))
      if (!repliedJobs.has(r.message_id)) repliedJobs.set(r.message_id, { job_id: r.job_id, job_number: r.job_number! });
    for (const r of read.numbered) (r.document ? byDocument : byNumber).set(r.number, { job_id: r.job_id, job_number: r.job_number! });
    for (const r of read.senders) {
      partyJobs.set(r.address, (partyJobs.get(r.address) ?? new Set()).add(r.job_id));
      if (!CLOSED.includes(r.job_status as string))
        senderJobs.set(r.address, [...(senderJobs.get(r.address) ?? []), { job_id: r.job_id, job_number: r.job_number! }]);
    }
    for (const list of senderJobs.values()) list.sort((a, b) => a.job_id - b.job_id);
  }
  return { own, brandOwn, repliedJobs, byNumber, byDocument, senderJobs, partyJobs };
}
