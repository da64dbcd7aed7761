/**
 * The app: our BrowserRouter around react-admin (which then uses it instead of its own), the
 * brand boot, and react-admin's AdminContext and AdminUI with the route table, custom layout and our notices.
 */
import { useEffect, useMemo } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, AdminUI, memoryStore } from 'react-admin';
import type { I18nProvider } from 'ra-core';
import { ensureWhoami } from './auth/authApi';
import { authProvider } from './auth/authProvider';
import { authState } from './auth/authStore';
import { BrandBoot } from './brand/BrandBoot';
import { appDataProvider } from './dataProvider/appDataProvider';
import { productNameOf } from './brand/BrandContext';
import type { BrandConfig } from '../core/brand/types';
import { GlobalLayer } from './layout/GlobalLayer';
import { MainLayout } from './layout/MainLayout';
import { darkTheme, lightTheme } from './layout/theme';
import { LoadingPage } from './pages/LoadingPage';
import { appRoutes } from './routes/appRoutes';
import { CatchAllPage } from './routes/CatchAllPage';
import { NavigationBridge } from './routes/navigation';
import { startPreloading } from './preload/preloadStore';
import { LiveEvents } from './events/LiveEvents';

// The http client has already shown a failure as a notice (and navigated on 401/403): asking
// again would repeat both, so a failed query stays failed until the screen asks again.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** SPEC.md point 4: on the first navigation with an unknown auth state, ask who the user is. */
function AuthBootstrap(): null {
  const location = useLocation();
  useEffect(() => {
    if (authState.get().status === null) void ensureWhoami();
  }, [location.key]);
  return null;
}

function AdminApp({ brand, i18nProvider }: { brand: BrandConfig; i18nProvider: I18nProvider }) {
  // Our own storage (src/storage) keeps what must survive a reload; react-admin's list state need not.
  const store = useMemo(() => memoryStore(), []);
  useEffect(() => startPreloading(brand.features), [brand]);
  return (
    // <Admin> is these two with defaults we never use; its default i18n provider (polyglot and its
    // helpers) would be loaded on the login page for nothing.
    <AdminContext
      dataProvider={appDataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={lightTheme}
      darkTheme={darkTheme}
    >
      <AdminUI
        layout={MainLayout}
        catchAll={CatchAllPage}
        notification={GlobalLayer}
        loading={LoadingPage}
        loginPage={false}
        authCallbackPage={false}
        title={productNameOf(brand, '')}
        disableTelemetry
      >
        {appRoutes()}
      </AdminUI>
    </AdminContext>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <BrandBoot>
        {(boot) => (
          <>
            <AuthBootstrap />
            <LiveEvents queryClient={queryClient} />
            <AdminApp brand={boot.brand} i18nProvider={boot.i18nProvider} />
          </>
        )}
      </BrandBoot>
    </BrowserRouter>
  );
}
