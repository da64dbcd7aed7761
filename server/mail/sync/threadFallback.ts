/**
 * Threads for replies whose client dropped In-Reply-To and References (issue 30): such a reply
 * (its subject says so) joins the conversation of the account's mail with the same base subject
 * and the same participants (core/mail/thread/threadKey.ts). Only the last 90 days are searched,
 * through the account's date index, so a sync of a large account stays cheap.
 */
import { sql } from 'kysely';
import { baseSubject, baseThreadKey } from '../../../core/mail/thread/threadKey';
import type { MailDb } from '../tables';

const WINDOW_DAYS = 90;
const CANDIDATES = 200;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Thread ids by base key for the given header-less replies' subjects, oldest conversation first. */
export async function threadsBySubject(db: MailDb, accountId: number, subjects: (string | null)[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const base of new Set(subjects.map(baseSubject).filter((s) => s.length > 0))) {
    const rows = await db
      .selectFrom('mails')
      .select(['thread_id', 'mail_subject', 'mail_from', 'mail_to_arr', 'mail_cc_arr'])
      .where('mailaccount_id', '=', accountId)
      .where('thread_id', 'is not', null)
      .where('mail_date', '>', sql<Date>`now() - make_interval(days => ${WINDOW_DAYS})`)
      .where(sql<string>`lower(mail_subject)`, 'like', likePattern(base))
      .orderBy('mail_date')
      .limit(CANDIDATES)
      .execute();
    for (const r of rows) {
      const key = baseThreadKey(r);
      if (key && !out.has(key)) out.set(key, Number(r.thread_id));
    }
  }
  return out;
}
