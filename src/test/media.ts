/** jsdom has no media queries: these make `matchMedia` answer as a given browser would. */
import { vi } from 'vitest';

function stubMatchMedia(matches: (query: string) => boolean): void {
  window.matchMedia = vi.fn((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

/** A mouse-and-keyboard browser, which gets the typeable desktop date pickers. */
export const stubDesktopPointer = (): void => stubMatchMedia((query) => query.includes('pointer: fine'));

/** A browser `width` px wide: min-width queries up to it match. */
export const stubViewport = (width: number): void =>
  stubMatchMedia((query) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return min ? width >= Number(min[1]) : false;
  });
