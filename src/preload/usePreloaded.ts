/** A preloaded reference list; asking for one that is not loaded yet loads it. */
import { useEffect } from 'react';
import { useStoreValue } from '../util/createStore';
import { loadPreloaded, preloadCache, type PreloadName } from './preloadStore';

export function usePreloaded<T = Record<string, unknown>[]>(name: PreloadName): T | undefined {
  const cache = useStoreValue(preloadCache);
  const value = cache[name];
  useEffect(() => {
    if (value === undefined) void loadPreloaded(name);
  }, [name, value]);
  return value as T | undefined;
}
