/**
 * New mail within seconds, without a reload: every few seconds (while the tab is visible) the
 * client asks GET mails/changes, one cheap read on the server, and calls `onChange` when the
 * token moved: the sync (woken by IMAP IDLE) changed the user's mail. The list's own refresh
 * every MAIL_REFRESH_MS (the mail refresh interval modifier, 60 s) stays as the fallback.
 */
import { useEffect, useRef } from 'react';
import { api } from '../../dataProvider/apiClient';

export const MAIL_CHANGES_POLL_MS = 5000;

interface ChangeToken {
  token: string;
  changed: boolean;
}

export function useMailChanges(onChange: () => void, pollMs = MAIL_CHANGES_POLL_MS): void {
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    let token: string | null = null;
    let busy = false;
    let stopped = false;
    const check = async () => {
      if (busy || document.visibilityState === 'hidden') return;
      busy = true;
      try {
        // Quiet: a missed check is asked again at the next tick, never a notice every few seconds.
        const res = await api<ChangeToken>('mails/changes', { resource: 'mails', quiet: true, query: { since: token ?? undefined } });
        const next = res?.data?.token;
        if (stopped || !next) return;
        const moved = token !== null && next !== token;
        token = next;
        if (moved) latest.current();
      } catch {
        // Offline or the server restarting: the next tick asks again.
      } finally {
        busy = false;
      }
    };
    void check();
    const timer = setInterval(() => void check(), pollMs);
    document.addEventListener('visibilitychange', check);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [pollMs]);
}
