/** A value once it has stopped changing for `ms`: typing in a filter waits before it is asked. */
import { useEffect, useState } from 'react';

export function useSettled<T extends string | number>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
