/** Wire shapes of mail routing (issue 30): why a mail is filed to a job, and the triage list's suggestions. */

/**
 * The router's rules in their fixed order, then the decisions a person or the sender makes.
 * `unrouted`: no rule matched, the mail waits in triage with suggestions; `outgoing`: no rule matched a
 * mail the account itself sent (the Sent folder), which is not for triage.
 */
export const ROUTING_REASONS = [
  'reply',
  'plus_address',
  'subject_number',
  'subject_document',
  'sender',
  'unrouted',
  'outgoing',
  'sent_from_job',
  'manual',
  'manual_unlink',
] as const;
export type RoutingReason = (typeof ROUTING_REASONS)[number];

/** The text parameters of a reason: the job's number, and the address or document number that matched. */
export interface RoutingParams {
  job?: string;
  address?: string;
  document?: string;
}

export interface RoutingSuggestion {
  job_id: number;
  job_number: string;
  /** 0..1: how strongly the clue points at this job; the list is ranked by it. */
  score: number;
  /**
   * What points at the job: `body_number` (a number in the mail's own text), `document` (the subject
   * names its quote or invoice, but someone not on the job sent it), `sender` (one of the sender's open jobs),
   * `learned_subject` / `learned_sender` (a rule learned from people's filings: a mail on the same topic, or from
   * the same sender, was filed to the job by hand; only ever suggested).
   */
  reason: 'body_number' | 'document' | 'sender' | 'learned_subject' | 'learned_sender';
}

/** `GET mails/{id}/routing`. */
export interface MailRouting {
  ma_id: number;
  job_ids: number[];
  reason: RoutingReason | null;
  reason_params: RoutingParams;
  /** The reason in en-US; the SPA renders `reason` + `reason_params` in the user's language. */
  reason_text: string | null;
  /** 'router', or the user who linked or unlinked by hand. */
  by: 'router' | { us_id: number; name: string } | null;
  at: string | null;
}
