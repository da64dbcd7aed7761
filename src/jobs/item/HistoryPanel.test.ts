import { describe, expect, it } from 'vitest';
import { describeChanges } from './HistoryPanel';

describe('history text', () => {
  it('says what changed from what to what, with labels and dates formatted', () => {
    const text = describeChanges(
      { job_desc: { from: null, to: 'More' }, job_start: { from: null, to: '2026-11-23T09:00:00.000Z' }, job_tags: ['PLANNED'] },
      (f) => ({ job_desc: 'Description', job_start: 'Start', job_tags: 'Tags' })[f] ?? f,
      (d) => `<${d}>`,
    );
    expect(text).toBe('Description: — → More; Start: — → <2026-11-23 09:00:00>; Tags: ["PLANNED"]');
  });
});
