import { describe, expect, it } from 'vitest';
import { mergeDecisions, type LinkRow, type RoutingRow } from './mergeDecisions';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute));
const routed = (ma_id: number, o: Partial<RoutingRow> = {}): RoutingRow => ({
  ma_id,
  mr_reason: 'subject_number',
  mr_params: { job: 'PLB-000012' },
  mr_suggestions: [],
  mr_by_us_id: null,
  mr_manual: false,
  mr_at: at(0),
  ...o,
});
const link = (ma_id: number, job_id: number, o: Partial<LinkRow> = {}): LinkRow => ({
  ma_id,
  job_id,
  mjl_reason: 'subject_number',
  mjl_by_us_id: null,
  mjl_at: at(0),
  ...o,
});

describe('one decision for the copies of a message filed apart', () => {
  it('leaves a message alone when only its first copy holds a decision', () => {
    expect(mergeDecisions([10, 20], [routed(10)], [link(10, 1)])).toBeNull();
  });

  it("keeps the first copy's router decision and drops a later copy's router guess", () => {
    const merged = mergeDecisions([20, 10], [routed(10), routed(20, { mr_reason: 'sender' })], [link(10, 1), link(20, 2, { mjl_reason: 'sender' })]);
    expect(merged).toEqual({ anchor: 10, copies: [20, 10], routing: routed(10), links: [link(10, 1)] });
  });

  it("moves a later copy's decision to the first copy when the first has none (routed before routing existed)", () => {
    const merged = mergeDecisions([10, 20], [routed(20)], [link(20, 1)]);
    expect(merged?.routing).toEqual(routed(10));
    expect(merged?.links).toEqual([link(10, 1)]);
  });

  it("a person's decision on any copy wins over the router's, with the links that person left", () => {
    const unlinked = routed(20, { mr_reason: 'manual_unlink', mr_manual: true, mr_by_us_id: 7, mr_at: at(5) });
    const merged = mergeDecisions([10, 20], [routed(10), unlinked], [link(10, 1)]);
    expect(merged?.routing).toEqual({ ...unlinked, ma_id: 10 });
    expect(merged?.links).toEqual([]);
  });

  it("keeps a person's link made on another copy after the deciding copy's decision, once per job", () => {
    const merged = mergeDecisions(
      [10, 20, 30],
      [routed(10, { mr_reason: 'manual', mr_manual: true, mr_by_us_id: 7, mr_at: at(5) })],
      [
        link(10, 1, { mjl_reason: 'manual', mjl_by_us_id: 7, mjl_at: at(5) }),
        link(20, 2, { mjl_reason: 'manual', mjl_by_us_id: 8, mjl_at: at(9) }),
        link(30, 1, { mjl_reason: 'manual', mjl_by_us_id: 8, mjl_at: at(9) }),
        link(30, 3, { mjl_reason: 'manual', mjl_by_us_id: 8, mjl_at: at(1) }),
        link(20, 4, { mjl_reason: 'sender', mjl_at: at(9) }),
      ],
    );
    expect(merged?.links.map((l) => [l.ma_id, l.job_id, l.mjl_by_us_id])).toEqual([
      [10, 1, 7],
      [10, 2, 8],
    ]);
  });

  it('keeps the link a send from a job recorded on another copy', () => {
    const merged = mergeDecisions([10, 20], [routed(10, { mr_reason: 'unrouted', mr_params: {} })], [link(20, 5, { mjl_reason: 'sent_from_job' })]);
    expect(merged?.links).toEqual([link(10, 5, { mjl_reason: 'sent_from_job' })]);
  });
});
