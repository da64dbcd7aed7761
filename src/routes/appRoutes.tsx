/**
 * The route table as react-admin children: public pages and old-path redirects outside the
 * layout, main pages inside it. Must be called inline as <Admin>'s children, because react-admin
 * reads its <CustomRoutes> children directly.
 */
import { CustomRoutes } from 'ra-core';
import { Route } from 'react-router-dom';
import { GuardedPage } from './GuardedPage';
import { MAIN_ROUTES } from './mainRoutes';
import { LEGACY_REDIRECTS, PUBLIC_ROUTES } from './publicRoutes';
import { RedirectKeepQuery } from './RedirectKeepQuery';

export function appRoutes() {
  return [
    <CustomRoutes noLayout key="public">
      {PUBLIC_ROUTES.map((route) => (
        // Keyed by id: two routes must never share one page instance and its state.
        <Route key={route.id} path={route.path} element={<GuardedPage key={route.id} route={route} />} />
      ))}
      {Object.entries(LEGACY_REDIRECTS).map(([from, to]) => (
        <Route key={from} path={from} element={<RedirectKeepQuery to={to} />} />
      ))}
    </CustomRoutes>,
    <CustomRoutes key="main">
      {MAIN_ROUTES.map((route) => (
        <Route key={route.id} path={route.path} element={<GuardedPage key={route.id} route={route} />} />
      ))}
    </CustomRoutes>,
  ];
}
