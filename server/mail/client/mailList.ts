/**
 * The mail list query: newest first, within the user's accounts, one folder or all of them, a tag
 * or a local folder. With a folder it walks mail_locations(ifolder_id, mail_date); without one
 * mails(mailaccount_id, mail_date) (migration 0013), so a page of a 100,000-mail folder stays an
 * index range scan. Free text uses the search vector; a domain ('example.com', '@example.com')
 * also finds its senders, which the vector cannot (it keeps an address as one word).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { dateGrouper } from '../../../core/mail/client/dateGroups';
import { DOMAIN_SEARCH, type MailFilter, type MailListFilter, type MailListRow } from '../../../core/mail/client/types';
import { toWireDate } from '../../envelope/datetime';
import { composeDb, type ComposeTables } from '../compose/tables';
import type { MailDb, MailsTable } from '../tables';
import { firstJobId } from './jobLinks';

export interface ListPage {
  limit: number;
  offset: number;
  withTotal: boolean;
}

/** The columns every mail row has (a list's, a job's mails, a conversation); `m` is mails, `a` its account. */
export function mailRowSelect(db: MailDb) {
  return composeDb(db)
    .selectFrom('mails as m')
    .innerJoin('mailaccounts as a', 'a.mailaccount_id', 'm.mailaccount_id')
    .select([
      'm.ma_id',
      'm.mailaccount_id',
      'a.ma_color',
      'm.mail_subject',
      'm.mail_from',
      'm.mail_to_arr',
      'm.mail_date',
      'm.is_seen',
      'm.is_flagged',
      'm.is_answered',
      'm.is_ready',
      'm.is_spam',
      'm.is_deleted',
      'm.has_attachments',
      'm.mail_size',
      'm.thread_id',
      sql<string>`left(regexp_replace(coalesce(nullif(m.mail_text, ''), regexp_replace(left(coalesce(m.mail_html, ''), 4000), '<[^>]*>', ' ', 'g')), '\\s+', ' ', 'g'), 160)`.as(
        'snippet',
      ),
    ]);
}

/** A list row: the common columns, its first job, tags and local folders. */
function listSelect(db: MailDb) {
  return mailRowSelect(db).select((eb) => [
    firstJobId(eb),
    eb.fn
      .coalesce(
        eb
          .selectFrom('mail_tag_links as t')
          .select(sql<number[]>`array_agg(t.mt_id order by t.mt_id)`.as('ids'))
          .whereRef('t.ma_id', '=', 'm.ma_id'),
        sql<number[]>`'{}'::int[]`,
      )
      .as('tag_ids'),
    eb.fn
      .coalesce(
        eb
          .selectFrom('mail_folder_links as f')
          .select(sql<number[]>`array_agg(f.mf_id order by f.mf_id)`.as('ids'))
          .whereRef('f.ma_id', '=', 'm.ma_id'),
        sql<number[]>`'{}'::int[]`,
      )
      .as('mf_ids'),
  ]);
}

/** The parsed filter; callers without a tag or local folder may leave them out. */
type ListFilter = Required<MailFilter> & Pick<MailListFilter, 'mt_id' | 'mf_id'>;

/** Free text: the search vector, and for a domain also the sender's address ending in it (or a subdomain of it). */
function searchTerm(eb: ExpressionBuilder<ComposeTables & { m: MailsTable }, 'm'>, stext: string): Expression<SqlBool> {
  // Quotes are dropped: the vector keeps each word of a mail's text once (sync/searchText.ts), so a phrase is searched as its words.
  const words = sql<SqlBool>`m.search @@ websearch_to_tsquery('simple', ${stext.replaceAll('"', ' ')})`;
  const domain = DOMAIN_SEARCH.exec(stext)?.[1]?.toLowerCase();
  if (!domain) return words;
  const address = sql<string>`lower(m.mail_from->>'address')`;
  // The domain pattern has no LIKE wildcards (% or _), so it is matched literally.
  return eb.or([words, sql<SqlBool>`${address} like ${`%@${domain}`}`, sql<SqlBool>`${address} like ${`%.${domain}`}`]);
}

type FullRow = Awaited<ReturnType<ReturnType<typeof listSelect>['execute']>>[number];
/** A list row as read; other callers (details, a job's mails) leave out the tags and local folders. */
type RawRow = Omit<FullRow, 'tag_ids' | 'mf_ids'> & Partial<Pick<FullRow, 'tag_ids' | 'mf_ids'>>;

export function toListRows(rows: RawRow[], timeZone: string, now = new Date()): MailListRow[] {
  const group = dateGrouper(now, timeZone);
  return rows.map((r) => ({
    ...r,
    ma_id: Number(r.ma_id),
    thread_id: r.thread_id === null ? null : Number(r.thread_id),
    mail_date: toWireDate(r.mail_date),
    date_group: group(r.mail_date),
    snippet: (r.snippet ?? '').trim(),
  }));
}

export async function listMails(db: MailDb, accountIds: number[], f: ListFilter, page: ListPage, timeZone: string) {
  if (!accountIds.length) return { rows: [] as MailListRow[], total: page.withTotal ? 0 : undefined };
  const where = (eb: ExpressionBuilder<ComposeTables & { m: MailsTable }, 'm'>) => {
    const terms: Expression<SqlBool>[] = [eb('m.mailaccount_id', 'in', accountIds), eb('m.is_deleted', '=', f.is_deleted ?? false)];
    if (f.is_seen !== null) terms.push(eb('m.is_seen', '=', f.is_seen));
    if (f.is_flagged !== null) terms.push(eb('m.is_flagged', '=', f.is_flagged));
    if (f.stext) terms.push(searchTerm(eb, f.stext));
    if (f.mt_id)
      terms.push(eb.exists(eb.selectFrom('mail_tag_links as t').select('t.ma_id').whereRef('t.ma_id', '=', 'm.ma_id').where('t.mt_id', '=', f.mt_id)));
    if (f.mf_id)
      terms.push(eb.exists(eb.selectFrom('mail_folder_links as lf').select('lf.ma_id').whereRef('lf.ma_id', '=', 'm.ma_id').where('lf.mf_id', '=', f.mf_id)));
    return eb.and(terms);
  };
  // The page's ids first, narrow rows only: the list columns (the snippet's regular expressions, the
  // job, tags and folders) are then computed for the page's rows, not for every mail the sort reads.
  const matching = composeDb(db).selectFrom('mails as m').where(where);
  let count = composeDb(db)
    .selectFrom('mails as m')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(where);
  // Keyset: the index range starts at the last row seen, so page 500 costs what page 1 does.
  const after = f.before;
  const older = (col: 'l.mail_date' | 'm.mail_date') =>
    after ? sql<SqlBool>`(${sql.ref(col)} < ${after.mail_date} or (${sql.ref(col)} = ${after.mail_date} and m.ma_id < ${after.ma_id}))` : sql<SqlBool>`true`;
  let paged;
  if (f.ifolder_id !== null) {
    // A mail in the folder: the folder's rows give the order (its index) and the date.
    paged = matching
      .innerJoin('mail_locations as l', 'l.ma_id', 'm.ma_id')
      .select(['m.ma_id', 'l.mail_date as sort_date'])
      .where('l.ifolder_id', '=', f.ifolder_id)
      .where(older('l.mail_date'))
      .orderBy('l.mail_date', 'desc');
    count = count.innerJoin('mail_locations as l', 'l.ma_id', 'm.ma_id').where('l.ifolder_id', '=', f.ifolder_id);
  } else {
    paged = matching.select(['m.ma_id', 'm.mail_date as sort_date']).where(older('m.mail_date')).orderBy('m.mail_date', 'desc');
  }
  const pageIds = paged
    .orderBy('m.ma_id', 'desc')
    .limit(page.limit)
    .offset(after ? 0 : page.offset);
  const rows = await listSelect(db).innerJoin(pageIds.as('p'), 'p.ma_id', 'm.ma_id').orderBy('p.sort_date', 'desc').orderBy('m.ma_id', 'desc').execute();
  const total = page.withTotal ? (await count.executeTakeFirstOrThrow()).n : undefined;
  return { rows: toListRows(rows, timeZone), total };
}
