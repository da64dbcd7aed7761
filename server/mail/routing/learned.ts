/**
 * Rules learned from people's filings (issue 30): a mail filed by hand to a job teaches that the
 * same sender, or the same topic (the subject without its Re:/Fwd: prefixes), belongs there. Such a
 * rule is only ever offered in triage as a suggestion, never applied by the router: a person's one
 * filing is no proof that the next mail of that sender is about the same job. Read when the triage
 * list is read, so a filing made a minute ago already helps the mails still waiting.
 */
import { sql, type SqlBool } from 'kysely';
import type { RoutingSuggestion } from '../../../core/mail/routing/types';
import type { Address } from '../tables';
import { CLOSED } from './facts';
import type { RoutingDb } from './tables';

/** Reply and forward prefixes of common clients (English, German, Nordic, Hungarian-Outlook "VS"), with Outlook's "[2]". */
const PREFIXES = String.raw`^\s*((re|fwd?|aw|wg|sv|vs|antw)\s*(\[\d+\])?\s*:\s*)+`;
/** Shorter topics ("Hi", "Invoice") say nothing about a job. */
const MIN_TOPIC = 8;
const SCORE = { learned_subject: 0.8, learned_sender: 0.7 } as const;

/** The subject's topic: lower-cased, its reply/forward prefixes and extra spaces gone; null when too short to tell. */
export function topicOf(subject: string | null): string | null {
  const topic = (subject ?? '').replace(new RegExp(PREFIXES, 'i'), '').replace(/\s+/g, ' ').trim().toLowerCase();
  return topic.length >= MIN_TOPIC ? topic : null;
}

interface Waiting {
  ma_id: number;
  mail_subject: string | null;
  mail_from: Address | null;
}

interface Filing {
  job_id: number;
  job_number: string;
  sender: string;
  topic: string;
  n: number;
}

/** People's filings to open jobs of mails from these senders or on these topics. */
async function filings(db: RoutingDb, senders: string[], topics: string[]): Promise<Filing[]> {
  if (!senders.length && !topics.length) return [];
  // The same normalisation as topicOf, in SQL (POSIX regular expressions read this pattern alike).
  const topic = sql<string>`lower(btrim(regexp_replace(regexp_replace(coalesce(m.mail_subject, ''), ${PREFIXES}, '', 'i'), ${String.raw`\s+`}, ' ', 'g')))`;
  const sender = sql<string>`lower(m.mail_from->>'address')`;
  const rows = await db
    .selectFrom('mail_job_links as l')
    .innerJoin('mails as m', 'm.ma_id', 'l.ma_id')
    .innerJoin('jobs as j', 'j.job_id', 'l.job_id')
    .select(['l.job_id', 'j.job_number', sender.as('sender'), topic.as('topic'), (eb) => eb.fn.countAll<string>().as('n')])
    .where('l.mjl_reason', '=', 'manual')
    .where('j.job_number', 'is not', null)
    .where('j.job_status', 'not in', CLOSED)
    .where(sql<SqlBool>`(${sender} = any(${sql.val(senders)}::text[]) or ${topic} = any(${sql.val(topics)}::text[]))`)
    // By position: each use of the expressions above is its own set of parameters, which PostgreSQL would not match.
    .groupBy([sql`1`, sql`2`, sql`3`, sql`4`])
    .execute();
  return rows.map((r) => ({ ...r, job_number: r.job_number!, n: Number(r.n) }));
}

/** Each waiting mail's learned suggestions, by ma_id. */
export async function learnedSuggestions(db: RoutingDb, mails: Waiting[]): Promise<Map<number, RoutingSuggestion[]>> {
  const senderOf = (m: Waiting) => m.mail_from?.address.toLowerCase() ?? '';
  const senders = [...new Set(mails.map(senderOf).filter(Boolean))];
  const topics = [...new Set(mails.map((m) => topicOf(m.mail_subject)).filter((t): t is string => t !== null))];
  const rows = await filings(db, senders, topics);
  const out = new Map<number, RoutingSuggestion[]>();
  for (const mail of mails) {
    const best = new Map<number, RoutingSuggestion>();
    const offer = (r: Filing, reason: 'learned_sender' | 'learned_subject', score: number) => {
      const known = best.get(r.job_id);
      if (!known || known.score < score) best.set(r.job_id, { job_id: r.job_id, job_number: r.job_number, score, reason });
    };
    const topic = topicOf(mail.mail_subject);
    for (const r of rows) if (topic !== null && r.topic === topic) offer(r, 'learned_subject', SCORE.learned_subject);
    // A sender filed to several jobs: each job's share of that sender's filings.
    const bySender = rows.filter((r) => r.sender === senderOf(mail) && r.sender !== '');
    const total = bySender.reduce((sum, r) => sum + r.n, 0);
    const perJob = new Map<number, { r: Filing; n: number }>();
    for (const r of bySender) perJob.set(r.job_id, { r, n: (perJob.get(r.job_id)?.n ?? 0) + r.n });
    for (const { r, n } of perJob.values()) offer(r, 'learned_sender', Math.round(((SCORE.learned_sender * n) / total) * 1000) / 1000);
    if (best.size) out.set(mail.ma_id, [...best.values()]);
  }
  return out;
}

/** The router's suggestions and the learned ones together: per job the stronger, ranked, at most five. */
export function mergeSuggestions(a: RoutingSuggestion[], b: RoutingSuggestion[]): RoutingSuggestion[] {
  const best = new Map<number, RoutingSuggestion>();
  for (const s of [...a, ...b]) {
    const known = best.get(s.job_id);
    if (!known || known.score < s.score) best.set(s.job_id, s);
  }
  return [...best.values()].sort((x, y) => y.score - x.score || x.job_number.localeCompare(y.job_number)).slice(0, 5);
}
