/** jsdom has no pointer media query: this makes it a mouse-and-keyboard browser, which gets the typeable desktop date pickers. */
import { vi } from 'vitest';

export function stubDesktopPointer(): void {
  window.matchMedia = vi.fn((query: string) => ({
    matches: query.includes('pointer: fine'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}
