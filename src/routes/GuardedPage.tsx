/** One routed page: the guard's decision first, then the page with its document title. */
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { ensureWhoami } from '../auth/authApi';
import { useAuth } from '../auth/authStore';
import { productNameOf, useBrand } from '../brand/BrandContext';
import { LoadingPage } from '../pages/LoadingPage';
import { PageFrame } from '../pages/PageFrame';
import { decideRoute } from './guard';
import { PAGES } from './pageRegistry';
import { useDocumentTitle } from './pageTitle';
import type { AppRoute } from './types';

function TitledRoute({ route, title }: { route: AppRoute; title: string }) {
  const brand = useBrand();
  useDocumentTitle(title, productNameOf(brand, ''));
  const Page = PAGES[route.page];
  // A page's chunk loads on its first visit (pageRegistry.tsx); meanwhile the same placeholder as
  // while the user is looked up, so the wait reads as one and nothing below it moves. A framed
  // page's frame and title show already: the page then fills in below a heading that stays put.
  const loading =
    'framed' in Page && Page.framed ? (
      <PageFrame title={title}>
        <LoadingPage />
      </PageFrame>
    ) : (
      <LoadingPage />
    );
  return (
    <Suspense fallback={loading}>
      <Page route={route} title={title} />
    </Suspense>
  );
}

export function GuardedPage({ route }: { route: AppRoute }) {
  const translate = useTranslate();
  const brand = useBrand();
  const { status, user } = useAuth();
  const location = useLocation();
  const title = translate(route.title);
  const decision = decideRoute(route, {
    status,
    role: user?.role,
    features: brand.features,
    path: `${location.pathname}${location.search}`,
    title,
  });

  useEffect(() => {
    if (decision.kind !== 'pending') return;
    void ensureWhoami();
    // The page's chunk loads while the user is looked up, not after.
    const Page = PAGES[route.page];
    if ('preload' in Page) Page.preload();
  }, [decision.kind, route.page]);

  if (decision.kind === 'pending') return <LoadingPage />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <TitledRoute route={route} title={title} />;
}
