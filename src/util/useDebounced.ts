/** A value that follows the given one once it has stayed the same for a pause: what a search asks after typing stops. */
import { useEffect, useState } from 'react';

/** The pause after the last key before a typed search is sent. */
export const TYPING_PAUSE_MS = 300;

export function useDebounced<T>(value: T, ms: number = TYPING_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
