/**
 * The mail list query: newest first, within the user's accounts, one folder or all of them.
 * With a folder it walks mail_locations(ifolder_id, mail_date); without one mails(mailaccount_id,
 * mail_date) (migration 0013), so a page of a 100,000-mail folder stays an index range scan.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { dateGrouper } from '../../../src/mail/client/dateGroups';
import type { MailFilter, MailListRow } from '../../../src/mail/client/types';
import { toWireDate } from '../../envelope/datetime';
import type { MailDb, MailsTable, MailTables } from '../tables';

export interface ListPage {
  limit: number;
  offset: number;
  withTotal: boolean;
}

/** The columns of a list row; `m` is mails, `a` its account. */
function listSelect(db: MailDb) {
  return db
    .selectFrom('mails as m')
    .innerJoin('mailaccounts as a', 'a.mailaccount_id', 'm.mailaccount_id')
    .select([
      'm.ma_id', 'm.mailaccount_id', 'a.ma_color', 'm.mail_subject', 'm.mail_from', 'm.mail_to_arr', 'm.mail_date',
      'm.is_seen', 'm.is_flagged', 'm.is_answered', 'm.is_ready', 'm.is_spam', 'm.is_deleted', 'm.has_attachments',
      'm.mail_size', 'm.job_id', 'm.thread_id',
      sql<string>`left(regexp_replace(coalesce(nullif(m.mail_text, ''), regexp_replace(left(coalesce(m.mail_html, ''), 4000), '<[^>]*>', ' ', 'g')), '\\s+', ' ', 'g'), 160)`.as('snippet'),
    ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof listSelect>['execute']>>[number];

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

export async function listMails(db: MailDb, accountIds: number[], f: Required<MailFilter>, page: ListPage, timeZone: string) {
  if (!accountIds.length) return { rows: [] as MailListRow[], total: page.withTotal ? 0 : undefined };
  const where = (eb: ExpressionBuilder<MailTables & { m: MailsTable }, 'm'>) => {
    const terms: Expression<SqlBool>[] = [eb('m.mailaccount_id', 'in', accountIds), eb('m.is_deleted', '=', f.is_deleted ?? false)];
    if (f.is_seen !== null) terms.push(eb('m.is_seen', '=', f.is_seen));
    if (f.is_flagged !== null) terms.push(eb('m.is_flagged', '=', f.is_flagged));
    if (f.stext) terms.push(sql<SqlBool>`m.search @@ websearch_to_tsquery('simple', ${f.stext})`);
    return eb.and(terms);
  };
  let q = listSelect(db).where(where);
  let count = db.selectFrom('mails as m').select(sql<number>`count(*)::int`.as('n')).where(where);
  // Keyset: the index range starts at the last row seen, so page 500 costs what page 1 does.
  const after = f.before;
  const older = (col: 'l.mail_date' | 'm.mail_date') =>
    after ? sql<SqlBool>`(${sql.ref(col)} < ${after.mail_date} or (${sql.ref(col)} = ${after.mail_date} and m.ma_id < ${after.ma_id}))` : sql<SqlBool>`true`;
  if (f.ifolder_id !== null) {
    // A mail in the folder: the folder's rows give the order (its index) and the date.
    q = q.innerJoin('mail_locations as l', 'l.ma_id', 'm.ma_id').where('l.ifolder_id', '=', f.ifolder_id).where(older('l.mail_date')).orderBy('l.mail_date', 'desc');
    count = count.innerJoin('mail_locations as l', 'l.ma_id', 'm.ma_id').where('l.ifolder_id', '=', f.ifolder_id);
  } else {
    q = q.where(older('m.mail_date')).orderBy('m.mail_date', 'desc');
  }
  const rows = await q.orderBy('m.ma_id', 'desc').limit(page.limit).offset(after ? 0 : page.offset).execute();
  const total = page.withTotal ? (await count.executeTakeFirstOrThrow()).n : undefined;
  return { rows: toListRows(rows, timeZone), total };
}
