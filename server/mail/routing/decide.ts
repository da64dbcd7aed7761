/**
 * The router's decision for one mail, in the fixed order of docs/ARCHITECTURE.md "Mail routing":
 * (1) a reply to a mail already linked to a job, (2) the job's plus-address, (3) a number of this
 * brand in the subject (a job number, or a quote/invoice number of a job's sales sections when one of
 * the job's people sent it), then the subject of the brand's own mail an Outlook reply quotes, (4) a
 * sender with exactly one open job, (5) otherwise unrouted with ranked suggestions. Pure: the facts
 * it needs are read beforehand for a whole batch (facts.ts), so it is tested without a database.
 * A number of another brand is simply not among this brand's facts and never matches.
 */
import type { RoutingParams, RoutingReason, RoutingSuggestion } from '../../../core/mail/routing/types';
import { namedNumbers, plusTags, quotedOwnSubjectNumbers, repliedIds, type RoutableMail } from './clues';

export interface JobRef {
  job_id: number;
  job_number: string;
}

export interface RoutingFacts {
  /** The account's own addresses (its address and aliases), lower-cased. */
  own: ReadonlySet<string>;
  /**
   * Every address of the brand's accounts and their aliases, lower-cased: a job's reply address on
   * any of them names the job, so the copy of a mail that also reached a second shared inbox is filed alike.
   */
  brandOwn: ReadonlySet<string>;
  /** Jobs of the brand's mails by Message-ID (mails linked to a job only). */
  repliedJobs: ReadonlyMap<string, JobRef>;
  /** The brand's jobs by number. */
  byNumber: ReadonlyMap<string, JobRef>;
  /** Quote and invoice numbers of the jobs' sales sections. */
  byDocument: ReadonlyMap<string, JobRef>;
  /** Open jobs by the address of a client contact, site contact or property manager on them. */
  senderJobs: ReadonlyMap<string, JobRef[]>;
  /** Every job, open or not, by the address of a client contact, site contact or property manager on it. */
  partyJobs: ReadonlyMap<string, ReadonlySet<number>>;
}

export interface Decision {
  job: JobRef | null;
  reason: RoutingReason;
  params: RoutingParams;
  suggestions: RoutingSuggestion[];
}

const filed = (job: JobRef, reason: RoutingReason, params: RoutingParams = {}): Decision => ({
  job,
  reason,
  params: { job: job.job_number, ...params },
  suggestions: [],
});

const MAX_SUGGESTIONS = 5;
const SCORE = { body_number: 0.6, document: 0.5, sender: 0.4 } as const;

function suggestionsFor(facts: RoutingFacts, bodyNumbers: string[], documents: JobRef[], senderJobs: JobRef[]): RoutingSuggestion[] {
  const best = new Map<number, RoutingSuggestion>();
  const offer = (job: JobRef, reason: RoutingSuggestion['reason'], score: number) => {
    const known = best.get(job.job_id);
    if (!known || known.score < score) best.set(job.job_id, { job_id: job.job_id, job_number: job.job_number, score, reason });
  };
  for (const n of bodyNumbers) {
    const job = facts.byNumber.get(n) ?? facts.byDocument.get(n);
    if (job) offer(job, 'body_number', SCORE.body_number);
  }
  for (const job of documents) offer(job, 'document', SCORE.document);
  // Several open jobs of one sender: each is as likely, so each gets a share.
  for (const job of senderJobs) offer(job, 'sender', Math.round((SCORE.sender / senderJobs.length) * 1000) / 1000);
  return [...best.values()].sort((a, b) => b.score - a.score || a.job_number.localeCompare(b.job_number)).slice(0, MAX_SUGGESTIONS);
}

export function decide(mail: RoutableMail, facts: RoutingFacts): Decision {
  for (const id of repliedIds(mail)) {
    const job = facts.repliedJobs.get(id);
    if (job) return filed(job, 'reply');
  }
  for (const { tag, address } of plusTags(mail, facts.brandOwn)) {
    const job = facts.byNumber.get(tag);
    if (job) return filed(job, 'plus_address', { address });
  }
  const numbers = namedNumbers(mail);
  for (const n of numbers.subject) {
    const job = facts.byNumber.get(n);
    if (job) return filed(job, 'subject_number');
  }
  const sender = mail.mail_from?.address.toLowerCase() ?? '';
  // Xero numbers every business's invoices INV-…: a supplier's own invoice may carry one of ours, so
  // a document number files only a mail from one of the job's people and is a suggestion otherwise.
  const documents: JobRef[] = [];
  for (const n of numbers.subject) {
    const job = facts.byDocument.get(n);
    if (job && facts.partyJobs.get(sender)?.has(job.job_id)) return filed(job, 'subject_document', { document: n });
    if (job) documents.push(job);
  }
  // Outlook answers without reply headers and the subject may be retyped; its quote still shows the
  // brand's own mail it answers, whose subject names the job.
  for (const n of quotedOwnSubjectNumbers(mail, facts.brandOwn)) {
    const job = facts.byNumber.get(n);
    if (job) return filed(job, 'reply');
  }
  // The account's own mail (its Sent folder) is filed by its reply headers or numbers only, and never waits in triage.
  if (facts.own.has(sender)) return { job: null, reason: 'outgoing', params: {}, suggestions: [] };
  const senderJobs = (sender && facts.senderJobs.get(sender)) || [];
  if (senderJobs.length === 1) return filed(senderJobs[0], 'sender', { address: sender });
  return { job: null, reason: 'unrouted', params: {}, suggestions: suggestionsFor(facts, numbers.body, documents, senderJobs) };
}
