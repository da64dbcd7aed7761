/**
 * A value once it has stopped changing for `ms`, undefined until then: typing in a filter waits
 * before it is asked, and so does the first ask, as it always has.
 */
import { useEffect, useState } from 'react';

export function useSettled<T extends string | number>(value: T, ms: number): T | undefined {
  const [settled, setSettled] = useState<T | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
