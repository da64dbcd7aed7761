/**
 * A job's mails or a conversation as entries (issue 30): the copies of one message that reached
 * several of the user's inboxes (same Message-ID and content hash) become one entry, the first
 * stored copy (or the first the caller prefers), with every account it reached among those the
 * user may read.
 */
export interface CopyAccount {
  ma_id: number;
  mailaccount_id: number;
}

export interface MessageCopy {
  ma_id: number | string;
  mailaccount_id: number;
  message_id: string;
  ma_content_hash: string | null;
}

/** Keeps the rows' order (the first copy's place); `accounts` lists each copy, oldest first. */
export function oneEntryPerMessage<R extends MessageCopy>(
  rows: R[],
  prefer: (copy: R) => boolean = () => false,
): (Omit<R, 'message_id' | 'ma_content_hash'> & { accounts: CopyAccount[] })[] {
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    const key = r.ma_content_hash === null ? `id:${r.ma_id}` : `${r.ma_content_hash} ${r.message_id}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((copies) => {
    const sorted = [...copies].sort((a, b) => Number(a.ma_id) - Number(b.ma_id));
    const { message_id: _id, ma_content_hash: _hash, ...shown } = sorted.find(prefer) ?? sorted[0];
    return { ...shown, accounts: sorted.map((c) => ({ ma_id: Number(c.ma_id), mailaccount_id: c.mailaccount_id })) };
  });
}
