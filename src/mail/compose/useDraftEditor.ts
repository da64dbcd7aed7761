/**
 * The state of one open draft and its autosave: every few seconds, unless the draft is locked or
 * a call is running, the changes since the last save are sent (nothing changed → no call; the
 * body only when it changed). A locked answer shows the lock; a stale one says another user
 * changed the draft and stops saving until the user reloads, so nothing is overwritten silently.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../dataProvider/ApiError';
import { loadFailure } from '../client/loadFailure';
import { useComposeProvider } from './composeProvider';
import { draftChanges, stateOf } from './draftDiff';
import type { Draft, DraftState } from './types';

export const AUTOSAVE_MS = 3000;

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

export function useDraftEditor(draftId: number, autosaveMs = AUTOSAVE_MS) {
  const provider = useComposeProvider();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [current, setCurrentState] = useState<DraftState | null>(null);
  const [locked, setLocked] = useState(false);
  const [lockReason, setLockReason] = useState<string | null>(null);
  const [conflict, setConflictState] = useState<string | null>(null);
  const conflictRef = useRef<string | null>(null);
  const setConflict = (text: string | null) => {
    conflictRef.current = text;
    setConflictState(text);
  };
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [resetKey, setResetKey] = useState(0);
  const saved = useRef<DraftState | null>(null);
  const currentRef = useRef<DraftState | null>(null);
  const version = useRef(0);
  const busy = useRef(false);
  /** The autosave in flight, which a send waits for. */
  const saving = useRef<Promise<void> | null>(null);
  const lockedRef = useRef(false);
  /** Sent or deleted: nothing may be saved any more. */
  const closed = useRef(false);

  const setCurrent = useCallback((next: DraftState) => {
    currentRef.current = next;
    setCurrentState(next);
  }, []);

  const setLock = (value: boolean, reason: string | null) => {
    lockedRef.current = value;
    setLocked(value);
    setLockReason(reason);
  };

  /** Takes the server's copy as it is (first load, reload after a conflict or a failed send). */
  const adopt = useCallback(
    (d: Draft) => {
      setDraft(d);
      saved.current = stateOf(d);
      version.current = d.mdraft_version;
      setCurrent(stateOf(d));
      setLock(d.mdraft_locked, d.mdraft_lock_reason);
      setConflict(null);
      setResetKey((k) => k + 1);
    },
    [setCurrent],
  );

  // The server's copy, taken as it is on the first load and on a reload after a conflict; never
  // refetched behind the user's back (that would replace what they are typing).
  const loaded = useQuery({
    queryKey: ['maildrafts', 'editor', draftId],
    queryFn: async ({ signal }) => {
      const d = await provider.composeDraft(draftId, signal);
      adopt(d);
      return d;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const loadError = loaded.error ? loadFailure(loaded.error) : null;
  const { refetch } = loaded;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const saveNow = useCallback(async (): Promise<void> => {
    if (busy.current || closed.current || lockedRef.current || conflictRef.current || !saved.current || !currentRef.current) return;
    const changes = draftChanges(saved.current, currentRef.current);
    if (!changes) return;
    busy.current = true;
    setStatus('saving');
    const sentState = currentRef.current;
    const run = (async () => {
      try {
        const answer = await provider.composeSave(draftId, version.current, changes);
        saved.current = sentState;
        version.current = answer.draft.mdraft_version;
        setStatus('saved');
      } catch (err) {
        setStatus('failed');
        const first = err instanceof ApiError ? err.dbErrors?.[0] : undefined;
        if (err instanceof ApiError && err.status === 409 && first?.details === 'mdraft_locked') setLock(true, null);
        else if (err instanceof ApiError && err.status === 409) setConflict(first?.primary ?? err.message);
      } finally {
        busy.current = false;
        saving.current = null;
      }
    })();
    saving.current = run;
    await run;
  }, [draftId, provider]);

  useEffect(() => {
    const timer = setInterval(() => void saveNow(), autosaveMs);
    return () => clearInterval(timer);
  }, [saveNow, autosaveMs]);

  // Leaving the page saves what was typed since the last autosave.
  const saveOnLeave = useEffectEvent(() => void saveNow());
  useEffect(() => () => saveOnLeave(), []);

  const unlock = useCallback(async () => {
    const d = await provider.composeUnlock(draftId);
    // The user's unsaved edits stay; the next autosave sends them against the new version.
    saved.current = stateOf(d);
    version.current = d.mdraft_version;
    setDraft(d);
    setLock(false, null);
  }, [draftId, provider]);

  /** Saves and sends in one call; answers true when the mail went out. */
  const send = useCallback(async (): Promise<boolean> => {
    // Send pressed while an autosave is on its way: the send waits for it (and carries what it did not).
    while (saving.current) await saving.current;
    if (!saved.current || !currentRef.current || busy.current) return false;
    busy.current = true;
    setStatus('saving');
    try {
      await provider.composeSend(draftId, version.current, draftChanges(saved.current, currentRef.current) ?? {});
      closed.current = true;
      return true;
    } catch {
      // A failed send locked the draft on the server (or the save was refused): show its state.
      const d = await provider.composeDraft(draftId).catch(() => null);
      if (d) {
        saved.current = stateOf(d);
        version.current = d.mdraft_version;
        setDraft(d);
        setLock(d.mdraft_locked, d.mdraft_lock_reason);
      }
      setStatus('failed');
      return false;
    } finally {
      busy.current = false;
    }
  }, [draftId, provider]);

  /** After an attachment change on the server: new list and version, the typed fields kept. */
  const refreshAttachments = useCallback(async () => {
    const d = await provider.composeDraft(draftId);
    version.current = d.mdraft_version;
    setDraft((prev) => (prev ? { ...prev, attachments: d.attachments, mdraft_version: d.mdraft_version } : d));
  }, [draftId, provider]);

  /** Merges typed fields into the current state (always the newest, whatever the render saw). */
  const patch = useCallback(
    (fields: Partial<DraftState>) => {
      if (currentRef.current) setCurrent({ ...currentRef.current, ...fields });
    },
    [setCurrent],
  );

  const replaceBody = useCallback(
    (patch: Partial<DraftState>) => {
      if (!currentRef.current) return;
      setCurrent({ ...currentRef.current, ...patch });
      setResetKey((k) => k + 1);
    },
    [setCurrent],
  );

  const remove = useCallback(async () => {
    closed.current = true;
    await provider.composeRemove(draftId);
  }, [draftId, provider]);

  return {
    draft,
    current,
    patch,
    remove,
    loadError,
    locked,
    lockReason,
    conflict,
    status,
    resetKey,
    saveNow,
    reload,
    unlock,
    send,
    refreshAttachments,
    replaceBody,
  };
}
