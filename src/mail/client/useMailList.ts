/**
 * The mail list as the user scrolls: pages are appended in order, and the head is asked again
 * every refresh interval and when the window gets focus, so new mail appears without a reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { mailApi } from './mailApi';
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
  const [rows, setRows] = useState<MailListRow[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(filter);
  const state = useRef({ key, pages: 0, busy: false, rows: [] as MailListRow[] });
  state.current.rows = rows;

  const loadPage = useCallback(
    async (page: number) => {
      if (!filter) return;
      const asked = key;
      state.current.busy = true;
      setLoading(true);
      try {
        // Later pages continue after the last row held (keyset): deep pages stay as fast as the first.
        const last = page > 1 ? state.current.rows.at(-1) : undefined;
        const before = last?.mail_date ? { mail_date: last.mail_date, ma_id: last.ma_id } : null;
        const res = await mailApi.list(before ? { ...filter, before } : filter, before ? 1 : page, MAIL_PAGE_SIZE);
        if (state.current.key !== asked) return;
        state.current.pages = page;
        setHasMore(res.hasMore);
        setRows((prev) => {
          if (page === 1) return res.rows;
          const held = new Set(prev.map((r) => r.ma_id));
          return [...prev, ...res.rows.filter((r) => !held.has(r.ma_id))];
        });
      } finally {
        if (state.current.key === asked) {
          state.current.busy = false;
          setLoading(false);
        }
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );

  useEffect(() => {
    state.current = { key, pages: 0, busy: false, rows: [] };
    setRows([]);
    setHasMore(false);
    void loadPage(1);
  }, [key, loadPage]);

  const refresh = useCallback(() => {
    if (!filter || state.current.busy) return;
    const asked = key;
    const limit = Math.min(Math.max(state.current.rows.length, MAIL_PAGE_SIZE), 500);
    void mailApi.list(filter, 1, limit).then((res) => {
      if (state.current.key !== asked) return;
      setRows((prev) => mergeHead(prev, res.rows, !res.hasMore));
      if (!res.hasMore) setHasMore(false);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    const timer = setInterval(refresh, refreshMs);
    window.addEventListener('focus', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [refresh, refreshMs]);

  const loadMore = useCallback(() => {
    if (state.current.busy || !hasMore) return;
    void loadPage(state.current.pages + 1);
  }, [loadPage, hasMore]);

  const patchRow = useCallback((id: number, patch: Partial<MailListRow>) => setRows((prev) => prev.map((r) => (r.ma_id === id ? { ...r, ...patch } : r))), []);
  const removeRow = useCallback((id: number) => {
    setRows((prev) => prev.filter((r) => r.ma_id !== id));
  }, []);

  return { rows, hasMore, loading, loadMore, refresh, patchRow, removeRow };
}
