import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './registerServiceWorker';

describe('service worker registration', () => {
  it('registers /sw.js', () => {
    const register = vi.fn().mockResolvedValue({});
    registerServiceWorker({ serviceWorker: { register } } as unknown as Navigator);
    expect(register).toHaveBeenCalledWith('/sw.js');
  });

  it('skips browsers without service workers', () => {
    expect(() => registerServiceWorker({} as Navigator)).not.toThrow();
  });
});
