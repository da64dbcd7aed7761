/**
 * A value once it has stopped changing for `ms`, undefined until then: typing in a filter waits
 * before it is asked, and so does the first ask, unless `startSettled` (a list whose first ask is
 * already in the cache shows it at once on return).
 */
import { useEffect, useState } from 'react';

export function useSettled<T extends string | number>(value: T, ms: number, startSettled = false): T | undefined {
  const [settled, setSettled] = useState<T | undefined>(() => (startSettled ? value : undefined));
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
