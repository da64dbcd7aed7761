import { describe, expect, it } from 'vitest';
import { nextDarkMode, resolveDarkMode, setDarkMode, darkModeSetting } from './themeMode';

describe('dark mode', () => {
  it('cycles auto → light → dark → auto', () => {
    expect(nextDarkMode('auto')).toBe('light');
    expect(nextDarkMode('light')).toBe('dark');
    expect(nextDarkMode('dark')).toBe('auto');
  });

  it('auto follows the OS preference', () => {
    expect(resolveDarkMode('auto', true)).toBe('dark');
    expect(resolveDarkMode('auto', false)).toBe('light');
    expect(resolveDarkMode('light', true)).toBe('light');
    expect(resolveDarkMode('dark', false)).toBe('dark');
  });

  it('remembers the choice', () => {
    setDarkMode('dark');
    expect(darkModeSetting.get()).toBe('dark');
    expect(window.localStorage.getItem('dark-mode')).toBe('dark');
  });
});
