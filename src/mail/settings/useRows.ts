/** Loads a settings list and reloads it on demand; null while loading, undefined when it failed. */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useRows<Row>(load: () => Promise<Row[]>, deps: readonly unknown[]) {
  const [rows, setRows] = useState<Row[] | null | undefined>(null);
  const latest = useRef(0);
  const reload = useCallback(async () => {
    // Only the newest answer counts when the account changes while a list is loading.
    const call = ++latest.current;
    const next = await load().catch(() => undefined);
    if (call === latest.current) setRows(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(() => {
    setRows(null);
    void reload();
  }, [reload]);
  return { rows, reload };
}
