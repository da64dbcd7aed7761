/**
 * The app's one live update stream (GET /api/events, server-sent events): one EventSource for the
 * whole tab, opened while signed in. Screens subscribe by event name; while the stream is open the
 * polling fallbacks (useMailChanges, the reminder badge) stand still. After a drop or a server
 * restart the browser connects again by itself; the reconnect is announced as `resync`, so what is
 * shown is read again (events of the gap are lost).
 */
import { useEffect, useRef } from 'react';
import { LIVE_EVENT_NAMES, type LiveEventData, type LiveEventName } from '../../core/events/types';
import { createStore, useStoreValue } from '../util/createStore';

type Handler = (data: LiveEventData) => void;

const handlers = new Map<LiveEventName, Set<Handler>>();
/** True while the stream is open: the polling fallbacks skip their ticks. */
export const liveConnected = createStore(false);

function dispatch(name: LiveEventName, data: LiveEventData): void {
  for (const handler of handlers.get(name) ?? []) handler(data);
}

export function onLiveEvent(name: LiveEventName, handler: Handler): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** Opens the stream at `url`; the returned function closes it. Without EventSource (old browser, tests) nothing opens. */
export function connectLiveEvents(url: string): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(url, { withCredentials: true });
  let dropped = false;
  source.onopen = () => {
    liveConnected.set(true);
    if (dropped) dispatch('resync', {});
    dropped = false;
  };
  source.onerror = () => {
    liveConnected.set(false);
    dropped = true;
  };
  for (const name of LIVE_EVENT_NAMES) {
    source.addEventListener(name, (e) => {
      let data: LiveEventData = {};
      try {
        data = JSON.parse((e as MessageEvent<string>).data) as LiveEventData;
      } catch {
        /* an empty body */
      }
      dispatch(name, data);
    });
  }
  return () => {
    source.close();
    liveConnected.set(false);
  };
}

/** Calls `handler` on each of the named events while the component is mounted. */
export function useLiveEvents(names: readonly LiveEventName[], handler: Handler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const key = names.join(',');
  useEffect(() => {
    const offs = key.split(',').map((name) => onLiveEvent(name as LiveEventName, (d) => latest.current(d)));
    return () => offs.forEach((off) => off());
  }, [key]);
}

export const useLiveConnected = () => useStoreValue(liveConnected);
