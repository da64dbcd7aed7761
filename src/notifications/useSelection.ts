/** Row selection for the bulk actions of the reminder and engineer-report lists. */
import { useState } from 'react';

export function useSelection() {
  const [selected, setSelected] = useState<number[]>([]);
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const toggleAll = (ids: number[]) =>
    setSelected((s) => (ids.every((id) => s.includes(id)) ? s.filter((x) => !ids.includes(x)) : [...new Set([...s, ...ids])]));
  const clear = () => setSelected([]);
  return { selected, toggle, toggleAll, clear };
}
