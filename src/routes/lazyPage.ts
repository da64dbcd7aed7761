/**
 * A routed page loaded on its first visit: its module (and what only it imports) becomes a chunk of
 * its own, fetched when the route first renders. GuardedPage holds the Suspense boundary.
 */
import { lazy, type ComponentType } from 'react';
import type { PageProps } from '../pages/types';

export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType<PageProps>>>, name: K): ComponentType<PageProps> {
  return lazy<ComponentType<PageProps>>(() => load().then((module) => ({ default: module[name] })));
}
