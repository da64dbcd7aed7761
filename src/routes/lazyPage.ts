/**
 * A routed page loaded on its first visit: its module (and what only it imports) becomes a chunk of
 * its own, fetched when the route first renders, or earlier through `preload` (GuardedPage.tsx).
 * GuardedPage holds the Suspense boundary.
 */
import { lazy, type ComponentType } from 'react';
import type { PageProps } from '../pages/types';

export type LazyPage = ComponentType<PageProps> & { preload: () => void };

export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType<PageProps>>>, name: K): LazyPage {
  let loading: Promise<Record<K, ComponentType<PageProps>>> | undefined;
  // One fetch for the preload and the render; a failed one is tried again by the render.
  const once = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  const Page = lazy<ComponentType<PageProps>>(() => once().then((module) => ({ default: module[name] })));
  return Object.assign(Page, { preload: () => void once().catch(() => undefined) });
}
