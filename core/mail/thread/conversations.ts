/**
 * Mails grouped into conversations (issue 30): the rows of one thread (`thread_id`, the sync's
 * References / In-Reply-To / Message-ID or subject-and-participants grouping) are one
 * conversation, its mails oldest first; conversations are ordered by their newest mail, newest
 * first. A mail without a thread is a conversation of its own.
 */
export interface ThreadedMail {
  ma_id: number;
  thread_id: number | null;
  /** Wire date text ('YYYY-MM-DD HH:mm:ss', UTC), which sorts as the moment it names. */
  mail_date: string | null;
}

export interface Conversation<M extends ThreadedMail> {
  key: string;
  mails: M[];
  /** The newest mail's date: what the conversations are ordered by. */
  latest: string | null;
}

const byDate = (a: ThreadedMail, b: ThreadedMail) => (a.mail_date ?? '').localeCompare(b.mail_date ?? '') || a.ma_id - b.ma_id;

export function conversations<M extends ThreadedMail>(rows: readonly M[]): Conversation<M>[] {
  const groups = new Map<string, M[]>();
  for (const r of rows) {
    const key = r.thread_id === null ? `mail-${r.ma_id}` : `thread-${r.thread_id}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups]
    .map(([key, mails]) => {
      const sorted = [...mails].sort(byDate);
      return { key, mails: sorted, latest: sorted[sorted.length - 1].mail_date };
    })
    .sort((a, b) => (b.latest ?? '').localeCompare(a.latest ?? '') || b.mails[b.mails.length - 1].ma_id - a.mails[a.mails.length - 1].ma_id);
}

/**
 * The mail list's conversation view: rows already newest first, one per conversation (its newest
 * mail, in its place) with how many of the loaded rows the conversation has.
 */
export function newestPerConversation<M extends ThreadedMail>(rows: readonly M[]): { rows: M[]; counts: Map<number, number> } {
  const heads = new Map<string, M>();
  const sizes = new Map<string, number>();
  for (const r of rows) {
    const key = r.thread_id === null ? `mail-${r.ma_id}` : `thread-${r.thread_id}`;
    if (!heads.has(key)) heads.set(key, r);
    sizes.set(key, (sizes.get(key) ?? 0) + 1);
  }
  const counts = new Map<number, number>();
  for (const [key, head] of heads) counts.set(head.ma_id, sizes.get(key)!);
  return { rows: [...heads.values()], counts };
}
