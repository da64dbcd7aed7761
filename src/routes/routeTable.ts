/** The whole route table, and lookups over it. */
import { MAIN_ROUTES } from './mainRoutes';
import { PUBLIC_ROUTES } from './publicRoutes';
import type { AppRoute } from './types';

export { LEGACY_REDIRECTS } from './publicRoutes';
export const ROUTES: readonly AppRoute[] = [...PUBLIC_ROUTES, ...MAIN_ROUTES];

export function routeById(id: string): AppRoute {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route id ${id}`);
  return route;
}
