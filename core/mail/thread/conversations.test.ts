import { describe, expect, it } from 'vitest';
import { conversations, newestPerConversation } from './conversations';

const mail = (ma_id: number, thread_id: number | null, mail_date: string | null) => ({ ma_id, thread_id, mail_date });

describe('conversations', () => {
  it('groups a thread oldest first and puts the conversation with the newest mail first', () => {
    const rows = [
      mail(5, 1, '2026-11-03 10:00:00'),
      mail(4, 2, '2026-11-02 09:00:00'),
      mail(1, 1, '2026-11-01 08:00:00'),
      mail(3, 2, '2026-11-04 12:00:00'),
      mail(9, null, '2026-11-03 11:00:00'),
    ];
    expect(conversations(rows).map((c) => [c.key, c.mails.map((m) => m.ma_id), c.latest])).toEqual([
      ['thread-2', [4, 3], '2026-11-04 12:00:00'],
      ['mail-9', [9], '2026-11-03 11:00:00'],
      ['thread-1', [1, 5], '2026-11-03 10:00:00'],
    ]);
  });

  it('keeps mails without a date, ordered last', () => {
    expect(conversations([mail(2, null, null), mail(1, null, '2026-11-01 08:00:00')]).map((c) => c.key)).toEqual(['mail-1', 'mail-2']);
  });

  it("shows a list's conversation once, at its newest mail, with how many mails it has", () => {
    const rows = [
      mail(5, 1, '2026-11-03 10:00:00'),
      mail(9, null, '2026-11-03 09:00:00'),
      mail(3, 2, '2026-11-02 12:00:00'),
      mail(1, 1, '2026-11-01 08:00:00'),
    ];
    const { rows: heads, counts } = newestPerConversation(rows);
    expect(heads.map((r) => r.ma_id)).toEqual([5, 9, 3]);
    expect([...counts]).toEqual([
      [5, 2],
      [9, 1],
      [3, 1],
    ]);
  });
});
