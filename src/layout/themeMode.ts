/**
 * Dark mode: 'auto' follows the OS prefers-color-scheme (the default), 'light' and 'dark' force
 * it. Kept in localStorage so the login page already has the right colours; a logged-in user's
 * settings.darkMode wins when it is known.
 */
import type { DarkModeSetting } from '../auth/types';
import { STORAGE_KEYS } from '../storage/keys';
import { createStore } from '../util/createStore';

const MODES: readonly DarkModeSetting[] = ['auto', 'light', 'dark'];

function stored(): DarkModeSetting {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.darkMode);
    return MODES.includes(value as DarkModeSetting) ? (value as DarkModeSetting) : 'auto';
  } catch {
    return 'auto';
  }
}

export const darkModeSetting = createStore<DarkModeSetting>(typeof window === 'undefined' ? 'auto' : stored());

export function setDarkMode(mode: DarkModeSetting): void {
  darkModeSetting.set(mode);
  try {
    window.localStorage.setItem(STORAGE_KEYS.darkMode, mode);
  } catch {
    // Only the memory across reloads is lost.
  }
}

/** The switch cycles auto → light → dark → auto. */
export function nextDarkMode(mode: DarkModeSetting): DarkModeSetting {
  return MODES[(MODES.indexOf(mode) + 1) % MODES.length];
}

export function resolveDarkMode(mode: DarkModeSetting, prefersDark: boolean): 'light' | 'dark' {
  return mode === 'auto' ? (prefersDark ? 'dark' : 'light') : mode;
}
