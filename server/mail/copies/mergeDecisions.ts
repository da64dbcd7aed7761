/**
 * One message's decisions when its copies were filed apart: mails stored before brand migration
 * 0053 were routed one inbox at a time, so each copy may hold its own routing row and job links.
 * Once the backfill (backfill.ts) finds them to be copies, the anchor (the first stored copy) must
 * hold one decision for all of them, as if the message had arrived after 0053:
 * - the routing decision is the latest made by a person, else the anchor's, else the first copy's;
 * - the job links are the deciding copy's, plus every other copy's link that a person made (or a
 *   send from the job recorded) and that no later decision of a person took back: a person's
 *   filing is never lost, a router's guess on a copy never outvotes the decision kept.
 * Pure: the caller reads the rows and writes the result.
 */
import type { MailRoutingTable } from '../routing/tables';

export interface RoutingRow {
  ma_id: number;
  mr_reason: MailRoutingTable['mr_reason'];
  mr_params: unknown;
  mr_suggestions: unknown;
  mr_by_us_id: number | null;
  mr_manual: boolean;
  mr_at: Date;
}

export interface LinkRow {
  ma_id: number;
  job_id: number;
  mjl_reason: string;
  mjl_by_us_id: number | null;
  mjl_at: Date;
}

export interface MergedDecision {
  anchor: number;
  /** Every copy whose rows are replaced by `routing` and `links` (all on the anchor). */
  copies: number[];
  routing: RoutingRow | null;
  links: LinkRow[];
}

const firstBy = <T>(rows: T[], better: (a: T, b: T) => boolean): T | undefined =>
  rows.reduce<T | undefined>((best, r) => (best === undefined || better(r, best) ? r : best), undefined);

/** A link that records a fact rather than a guess. */
const keptLink = (l: LinkRow) => l.mjl_by_us_id !== null || l.mjl_reason === 'manual' || l.mjl_reason === 'sent_from_job';

/** Null when only the anchor holds anything: nothing to merge. */
export function mergeDecisions(copies: number[], routing: RoutingRow[], links: LinkRow[]): MergedDecision | null {
  const anchor = Math.min(...copies);
  if (![...routing, ...links].some((r) => r.ma_id !== anchor)) return null;
  const winner =
    firstBy(
      routing.filter((r) => r.mr_manual),
      (a, b) => a.mr_at > b.mr_at,
    ) ??
    routing.find((r) => r.ma_id === anchor) ??
    firstBy(routing, (a, b) => a.ma_id < b.ma_id) ??
    null;
  const decidingCopy = winner?.ma_id ?? anchor;
  const takenBackAt = winner?.mr_manual ? winner.mr_at : null;
  const candidates = [
    ...links.filter((l) => l.ma_id === decidingCopy),
    ...links
      .filter((l) => l.ma_id !== decidingCopy && keptLink(l) && (takenBackAt === null || l.mjl_at > takenBackAt))
      .sort((a, b) => a.mjl_at.getTime() - b.mjl_at.getTime()),
  ];
  const byJob = new Map<number, LinkRow>();
  for (const l of candidates) if (!byJob.has(l.job_id)) byJob.set(l.job_id, { ...l, ma_id: anchor });
  return { anchor, copies, routing: winner && { ...winner, ma_id: anchor }, links: [...byJob.values()] };
}
