/** Keyboard shortcuts of the mail client: j next, k previous, r reply, e archive (delete), s flag. */
import { useEffect } from 'react';

export type ShortcutAction = 'next' | 'previous' | 'reply' | 'archive' | 'flag';
const KEYS: Record<string, ShortcutAction> = { j: 'next', k: 'previous', r: 'reply', e: 'archive', s: 'flag' };

function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function useShortcuts(handler: (action: ShortcutAction) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      const action = KEYS[e.key];
      if (!action) return;
      e.preventDefault();
      handler(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [handler]);
}
