/**
 * A Microsoft mailbox's sync progress for its dashboard, by mail rather than by folder: a first sync
 * of a large Inbox beside a few small folders would otherwise sit at 0 % for all of its time. The
 * folders' sizes are Graph's `totalItemCount` as the sync's folder discovery stored them.
 */

/**
 * 0–99 while a sync runs: the folders before the current one count whole, the current one by the
 * mails it took so far (at most its size). When Graph gave no sizes (all 0), the share of folders begun.
 */
export function syncProgress(sizes: readonly number[], current: number, takenInCurrent: number): number {
  if (!sizes.length) return 0;
  const index = Math.min(Math.max(current, 0), sizes.length - 1);
  const total = sizes.reduce((sum, n) => sum + Math.max(0, n), 0);
  const share =
    total === 0
      ? index / sizes.length
      : (sizes.slice(0, index).reduce((sum, n) => sum + Math.max(0, n), 0) + Math.min(Math.max(0, takenInCurrent), Math.max(0, sizes[index]))) / total;
  return Math.min(99, Math.floor(100 * share));
}
