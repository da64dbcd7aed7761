/** Keyboard shortcuts of the mail client: j next, k previous, r reply, e archive (delete), s flag. */
import { useEffect, useLayoutEffect, useRef } from 'react';

export type ShortcutAction = 'next' | 'previous' | 'reply' | 'archive' | 'flag';
const KEYS: Record<string, ShortcutAction> = { j: 'next', k: 'previous', r: 'reply', e: 'archive', s: 'flag' };

function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * One listener for the page's life; it calls the handler of the latest render (kept in a ref), so a
 * key pressed right after the list arrives already sees the new rows.
 */
export function useShortcuts(handler: (action: ShortcutAction) => void): void {
  const latest = useRef(handler);
  // Set during the commit, before anything can see the new DOM and press a key.
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      const action = KEYS[e.key];
      if (!action) return;
      e.preventDefault();
      latest.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
