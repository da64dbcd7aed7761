/**
 * New mail within seconds, without a reload: the live update stream (src/events) says `mail` when
 * the sync changed one of the user's accounts, and `resync` after a reconnect; both call
 * `onChange`. Only while the stream is down (a proxy that cuts it, a browser without
 * EventSource) the client asks GET mails/changes every few seconds instead, one cheap read, and
 * calls `onChange` when the token moved. The list's own refresh every MAIL_REFRESH_MS stays too.
 */
import { useEffect, useEffectEvent } from 'react';
import { api } from '../../dataProvider/apiClient';
import { liveConnected, useLiveEvents } from '../../events/liveEvents';

export const MAIL_CHANGES_POLL_MS = 5000;

interface ChangeToken {
  token: string;
  changed: boolean;
}

export function useMailChanges(onChange: () => void, pollMs = MAIL_CHANGES_POLL_MS): void {
  const changed = useEffectEvent(() => onChange());
  useLiveEvents(['mail', 'resync'], onChange);

  useEffect(() => {
    let token: string | null = null;
    let busy = false;
    let stopped = false;
    const check = async () => {
      if (busy || document.visibilityState === 'hidden' || liveConnected.get()) return;
      busy = true;
      try {
        // Quiet: a missed check is asked again at the next tick, never a notice every few seconds.
        const res = await api<ChangeToken>('mails/changes', { resource: 'mails', quiet: true, query: { since: token ?? undefined } });
        const next = res?.data?.token;
        if (stopped || !next) return;
        const moved = token !== null && next !== token;
        token = next;
        if (moved) changed();
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
