/** Reading routing decisions: one mail's (`GET mails/{id}/routing`) and the triage list (`POST mails/unrouted/filter`). */
import type { MailRouting, RoutingSuggestion } from '../../../core/mail/routing/types';
import { routingReasonText } from '../../../core/mail/routing/messages';
import { toWireDate } from '../../envelope/datetime';
import type { Address, MailDb } from '../tables';
import { anchorOf, isCopyOf, type CopyPair } from '../copies/copies';
import { learnedSuggestions, mergeSuggestions } from './learned';
import type { RoutingDb } from './tables';

export async function mailRouting(db: RoutingDb, maId: number): Promise<MailRouting> {
  // A copy in a second inbox answers its message's decision, held by the first copy (copies.ts).
  const anchor = await anchorOf(db as unknown as MailDb, maId);
  const row = await db
    .selectFrom('mail_routing as r')
    .leftJoin('users as u', 'u.us_id', 'r.mr_by_us_id')
    .select(['r.mr_reason', 'r.mr_params', 'r.mr_by_us_id', 'r.mr_manual', 'r.mr_at', 'u.fullname', 'u.email'])
    .where('r.ma_id', '=', anchor)
    .executeTakeFirst();
  const links = await db.selectFrom('mail_job_links').select('job_id').where('ma_id', '=', anchor).orderBy('mjl_at').orderBy('job_id').execute();
  const base = { ma_id: maId, job_ids: links.map((l) => l.job_id) };
  if (!row) return { ...base, reason: null, reason_params: {}, reason_text: null, by: null, at: null };
  return {
    ...base,
    reason: row.mr_reason,
    reason_params: row.mr_params,
    reason_text: routingReasonText(row.mr_reason, row.mr_params),
    // A manual decision by a user deleted since still reads as a person's, not the router's.
    by: row.mr_manual ? { us_id: row.mr_by_us_id ?? 0, name: row.fullname || row.email || '' } : 'router',
    at: toWireDate(row.mr_at),
  };
}

export interface UnroutedRow {
  ma_id: number;
  mailaccount_id: number;
  mail_subject: string | null;
  mail_from: Address | null;
  mail_date: string | null;
  suggestions: RoutingSuggestion[];
}

/**
 * Unrouted messages not linked since (the triage list), each seen through the first of its copies
 * (copies.ts) in the given accounts: the decision is held by the message's first stored copy, which
 * may be in an inbox this user does not read. A copy deleted, marked as spam, or only in the junk or
 * trash folder does not wait.
 */
function waiting(db: RoutingDb, accountIds: number[]) {
  return (
    db
      .selectFrom('mail_routing as r')
      .innerJoin('mails as m', 'm.ma_id', 'r.ma_id')
      .innerJoin('mails as c', (join) => join.on((eb) => isCopyOf(eb as unknown as CopyPair)))
      .where('r.mr_reason', '=', 'unrouted')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('mail_job_links as l').select('l.job_id').whereRef('l.ma_id', '=', 'm.ma_id'))))
      .where('c.is_deleted', '=', false)
      .where('c.is_spam', '=', false)
      .where('c.mailaccount_id', 'in', accountIds)
      // A copy only in the junk or trash folder was judged already (by the server's filter or a person).
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('mail_locations as l')
            .innerJoin('imapfolders as f', 'f.ifolder_id', 'l.ifolder_id')
            .select('l.ma_id')
            .whereRef('l.ma_id', '=', 'c.ma_id')
            .where('f.ifolder_type', 'not in', ['junk', 'trash']),
        ),
      )
  );
}

/** How many messages wait in triage: the menu's count. */
export async function unroutedCount(db: RoutingDb, accountIds: number[]): Promise<number> {
  if (!accountIds.length) return 0;
  const row = await waiting(db, accountIds)
    .select((eb) => eb.fn.count<string>('m.ma_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The triage list, newest first: the router's suggestions with the rules learned from people's filings. */
export async function unroutedMails(db: RoutingDb, accountIds: number[], limit: number, offset: number): Promise<{ rows: UnroutedRow[]; total: number }> {
  if (!accountIds.length) return { rows: [], total: 0 };
  // One row per message: the user's first copy of it.
  const firstCopies = waiting(db, accountIds)
    .distinctOn('m.ma_id')
    .select(['c.ma_id', 'c.mailaccount_id', 'c.mail_subject', 'c.mail_from', 'c.mail_date', 'r.mr_suggestions'])
    .orderBy('m.ma_id')
    .orderBy('c.ma_id');
  const [rows, total] = await Promise.all([
    db
      .selectFrom(firstCopies.as('w'))
      .selectAll()
      .orderBy('w.mail_date', (o) => o.desc().nullsLast())
      .orderBy('w.ma_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    unroutedCount(db, accountIds),
  ]);
  const learned = await learnedSuggestions(
    db,
    rows.map((r) => ({ ...r, ma_id: Number(r.ma_id) })),
  );
  return {
    rows: rows.map(({ mr_suggestions, ...r }) => ({
      ...r,
      ma_id: Number(r.ma_id),
      mail_date: toWireDate(r.mail_date),
      suggestions: mergeSuggestions(mr_suggestions, learned.get(Number(r.ma_id)) ?? []),
    })),
    total,
  };
}
