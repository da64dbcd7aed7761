/**
 * The mail list as the user scrolls, held in react-query's cache under the filter: pages are appended in order,
 * and the head is asked again every refresh interval and when the window gets focus, so new mail appears without
 * a reload. Going back to a filter shows its rows at once while the head is asked again.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMailProvider } from './mailProvider';
import { MAIL_PAGE_SIZE, MAIL_REFRESH_MS, type MailListFilter, type MailListRow } from '../../../core/mail/client/types';

export interface MailListState {
  rows: MailListRow[];
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
  refresh: () => void;
  patchRow: (id: number, patch: Partial<MailListRow>) => void;
  removeRow: (id: number) => void;
}

/** What the cache holds for one filter: the rows loaded so far and how many pages they came in. */
interface Held {
  rows: MailListRow[];
  hasMore: boolean;
  pages: number;
}

/**
 * Fresh head rows first, then the loaded rows older than the head's last one. A head shorter than
 * asked is the whole list (mails deleted elsewhere are gone from it too).
 */
export function mergeHead(current: MailListRow[], fresh: MailListRow[], complete: boolean): MailListRow[] {
  if (complete) return fresh;
  const ids = new Set(fresh.map((r) => r.ma_id));
  const lastFresh = fresh.at(-1);
  const at = lastFresh ? current.findIndex((r) => r.ma_id === lastFresh.ma_id) : -1;
  const tail = at >= 0 ? current.slice(at + 1) : current.slice(fresh.length);
  return [...fresh, ...tail.filter((r) => !ids.has(r.ma_id))];
}

export function useMailList(filter: MailListFilter | null, refreshMs = MAIL_REFRESH_MS): MailListState {
  const provider = useMailProvider();
  const queryClient = useQueryClient();
  const key = JSON.stringify(filter);
  const queryKey = useMemo(() => ['mails', 'list', key], [key]);
  const moreKey = ['mails', 'more', key];

  const query = useQuery<Held, Error, Held, string[]>({
    queryKey,
    enabled: filter !== null,
    refetchInterval: refreshMs,
    // While another folder, label or search loads, the rows shown stay (with the progress bar) instead of blinking away.
    placeholderData: (previous: Held | undefined) => (filter ? previous : undefined),
    // The first fetch loads page 1; each later one asks for a head as long as the rows held (at most 500) and merges it.
    queryFn: async ({ signal }): Promise<Held> => {
      const held = queryClient.getQueryData<Held>(queryKey);
      if (!held) {
        const res = await provider.mailList(filter!, 1, MAIL_PAGE_SIZE, signal);
        return { rows: res.rows, hasMore: res.hasMore, pages: 1 };
      }
      // A page being appended wins: the next refresh asks again.
      if (queryClient.isMutating({ mutationKey: moreKey })) return held;
      const res = await provider.mailList(filter!, 1, Math.min(Math.max(held.rows.length, MAIL_PAGE_SIZE), 500), signal);
      const now = queryClient.getQueryData<Held>(queryKey) ?? held;
      return { ...now, rows: mergeHead(now.rows, res.rows, !res.hasMore), hasMore: res.hasMore && now.hasMore };
    },
  });

  const more = useMutation({
    mutationKey: moreKey,
    mutationFn: async () => {
      const held = queryClient.getQueryData<Held>(queryKey);
      if (!filter || !held) return;
      await queryClient.cancelQueries({ queryKey });
      // Later pages continue after the last row held (keyset): deep pages stay as fast as the first.
      const page = held.pages + 1;
      const last = held.rows.at(-1);
      const before = last?.mail_date ? { mail_date: last.mail_date, ma_id: last.ma_id } : null;
      const res = await provider.mailList(before ? { ...filter, before } : filter, before ? 1 : page, MAIL_PAGE_SIZE);
      queryClient.setQueryData<Held>(queryKey, (prev) => {
        if (!prev) return prev;
        const ids = new Set(prev.rows.map((r) => r.ma_id));
        return { rows: [...prev.rows, ...res.rows.filter((r) => !ids.has(r.ma_id))], hasMore: res.hasMore, pages: page };
      });
    },
  });

  const placeholder = query.isPlaceholderData;
  const hasMore = (!placeholder && query.data?.hasMore) || false;
  const { mutate, isPending: appending } = more;
  const loadMore = useCallback(() => {
    if (!appending && hasMore) mutate();
  }, [mutate, appending, hasMore]);

  const { refetch } = query;
  const on = filter !== null;
  const refresh = useCallback(() => {
    if (on) void refetch({ cancelRefetch: false });
  }, [on, refetch]);

  // react-query refetches when the tab becomes visible again; the mail list also does when the window gets focus.
  useEffect(() => {
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [refresh]);

  const change = useCallback(
    (edit: (rows: MailListRow[]) => MailListRow[]) => queryClient.setQueryData<Held>(queryKey, (prev) => prev && { ...prev, rows: edit(prev.rows) }),
    [queryClient, queryKey],
  );
  const patchRow = useCallback(
    (id: number, patch: Partial<MailListRow>) => change((rows) => rows.map((r) => (r.ma_id === id ? { ...r, ...patch } : r))),
    [change],
  );
  const removeRow = useCallback((id: number) => change((rows) => rows.filter((r) => r.ma_id !== id)), [change]);

  return { rows: query.data?.rows ?? EMPTY, hasMore, loading: query.isLoading || placeholder || appending, loadMore, refresh, patchRow, removeRow };
}

const EMPTY: MailListRow[] = [];
