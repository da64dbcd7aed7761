/**
 * Start-up: the brand configuration and the translations load first. A brand that cannot be
 * loaded (or has no apiUrl) sends every path to /temporary-error, and no whoami is tried.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Box, CircularProgress, CssBaseline } from '@mui/material';
import { Navigate, Route, Routes } from 'react-router-dom';
import { I18nContextProvider, type I18nProvider } from 'ra-core';
import { configureApi } from '../dataProvider/apiClient';
import { enText } from '../../core/i18n/en-US';
import { createI18nProvider } from '../i18n/i18nProvider';
import { TemporaryErrorPage } from '../pages/TemporaryErrorPage';
import { documentTitle } from '../routes/pageTitle';
import { BrandContext } from './BrandContext';
import { loadBrandConfig, type LoadedBrand } from './loadBrandConfig';
import type { BrandConfig } from '../../core/brand/types';

type Boot = { status: 'loading' } | { status: 'failed'; i18nProvider: I18nProvider } | { status: 'ready'; i18nProvider: I18nProvider; brand: BrandConfig };

// Module-level so StrictMode's double effect does not load the brand twice.
let brandPromise: Promise<LoadedBrand> | null = null;

function TemporaryErrorRoutes() {
  useEffect(() => {
    document.title = documentTitle(enText('pages.temporaryError'), enText('app.defaultProductName'));
  }, []);
  return (
    <Routes>
      <Route path="/temporary-error" element={<TemporaryErrorPage />} />
      <Route path="*" element={<Navigate to="/temporary-error" replace />} />
    </Routes>
  );
}

export function BrandBoot({ children }: { children: (boot: { brand: BrandConfig; i18nProvider: I18nProvider }) => ReactNode }) {
  const [boot, setBoot] = useState<Boot>({ status: 'loading' });

  useEffect(() => {
    let alive = true;
    const i18n = createI18nProvider();
    brandPromise ??= loadBrandConfig();
    Promise.allSettled([brandPromise, i18n]).then(([brand, provider]) => {
      if (!alive) return;
      if (provider.status === 'rejected') throw provider.reason;
      if (brand.status === 'rejected') {
        console.error('Brand configuration failed', brand.reason);
        setBoot({ status: 'failed', i18nProvider: provider.value });
        return;
      }
      configureApi(brand.value.config.apiUrl);
      setBoot({ status: 'ready', i18nProvider: provider.value, brand: brand.value.config });
    });
    return () => {
      alive = false;
    };
  }, []);

  if (boot.status === 'loading') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label={enText('app.loading')} />
      </Box>
    );
  }
  if (boot.status === 'failed') {
    return (
      <I18nContextProvider value={boot.i18nProvider}>
        <CssBaseline />
        <TemporaryErrorRoutes />
      </I18nContextProvider>
    );
  }
  return <BrandContext.Provider value={boot.brand}>{children({ brand: boot.brand, i18nProvider: boot.i18nProvider })}</BrandContext.Provider>;
}
