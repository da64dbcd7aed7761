/** Wraps a data provider so a successful create, update or delete refreshes the preloaded lists it feeds. */
import type { DataProvider } from 'ra-core';
import { refreshPreloaded } from './preloadStore';

const CHANGES = ['create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;

export function withPreloadRefresh(provider: DataProvider): DataProvider {
  const wrapped: DataProvider = { ...provider };
  for (const method of CHANGES) {
    const original = provider[method] as (resource: string, params: unknown) => Promise<unknown>;
    (wrapped as unknown as Record<string, unknown>)[method] = async (resource: string, params: unknown) => {
      const result = await original(resource, params);
      void refreshPreloaded(resource);
      return result;
    };
  }
  return wrapped;
}
