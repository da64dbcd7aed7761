/** What every settings tab repeats: switching between its list and one editor, and an editor's save. */
import { useState } from 'react';

/**
 * undefined: the list; null: a new row; a row: editing it. `done(saved)` goes back to the list and
 * reloads it when something was saved.
 */
export function useEditing<Row>(reload: () => Promise<void>) {
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const done = (saved: boolean) => {
    setEditing(undefined);
    if (saved) void reload();
  };
  return { editing, startNew: () => setEditing(null), startEdit: (row: Row) => setEditing(row), done };
}

/**
 * `save(persist)`: busy while it runs, back to the list on success; on failure the http client has
 * shown the server's answer (a duplicate name, say) and the form stays for a correction.
 */
export function useSave(onDone: (saved: boolean) => void) {
  const [busy, setBusy] = useState(false);
  const save = async (persist: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await persist();
      onDone(true);
    } catch {
      setBusy(false);
    }
  };
  return { busy, save };
}
