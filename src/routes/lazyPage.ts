/**
 * A routed page loaded on its first visit: its module (and what only it imports) becomes a chunk of
 * its own, fetched when the route first renders, or earlier through `preload` (GuardedPage.tsx).
 * GuardedPage holds the Suspense boundary. A `framed` page sits in the standard PageFrame under its
 * route's title, so while its chunk loads the boundary shows that frame and title already: the
 * heading (often the largest thing painted first) does not wait for the page's code.
 */
import { lazy, type ComponentType } from 'react';
import type { PageProps } from '../pages/types';

export type LazyPage = ComponentType<PageProps> & { preload: () => void; framed: boolean };

export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType<PageProps>>>, name: K, opts: { framed?: boolean } = {}): LazyPage {
  let loading: Promise<Record<K, ComponentType<PageProps>>> | undefined;
  // One fetch for the preload and the render; a failed one is tried again by the render.
  const once = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  const Page = lazy<ComponentType<PageProps>>(() => once().then((module) => ({ default: module[name] })));
  return Object.assign(Page, { preload: () => void once().catch(() => undefined), framed: opts.framed ?? false });
}
