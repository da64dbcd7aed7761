/**
 * Renders a component inside what pages expect: router, translations, a brand and MUI; with
 * `dataProvider` (methods as vi.fn), also react-admin's data layer, as <Admin> gives the app.
 */
import type { ReactElement } from 'react';
import type { DataProvider } from 'ra-core';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { I18nContextProvider } from 'ra-core';
import { BrandContext } from '../brand/BrandContext';
import { allFeatures, DEFAULT_IMAGES, type BrandConfig, type BrandFeatures } from '../../core/brand/types';
import { createI18nProvider } from '../i18n/i18nProvider';
import { WithDataProvider } from './WithDataProvider';

export function testBrand(features: BrandFeatures = allFeatures(true)): BrandConfig {
  return {
    name: 'test',
    systemUrl: 'http://test',
    apiUrl: 'http://test/api',
    productName: 'Test Product',
    inlineImagesMailsize: 5000,
    maxMailSizeMB: 5,
    maxUploadSizeMB: 5,
    customSettings: { visibleName: 'Test', logoUrl: '', wcfFormUrl: '' },
    features,
    images: DEFAULT_IMAGES,
  };
}

/** Shows where the router ended up, so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

interface RenderOptions {
  path?: string;
  routePath?: string;
  brand?: BrandConfig;
  dataProvider?: Partial<DataProvider> | object;
}

export async function renderWithApp(ui: ReactElement, { path = '/', routePath = '*', brand = testBrand(), dataProvider }: RenderOptions = {}) {
  const i18nProvider = await createI18nProvider();
  const routes = (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={routePath} element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>
  );
  return render(
    <I18nContextProvider value={i18nProvider}>
      <BrandContext.Provider value={brand}>
        {dataProvider ? <WithDataProvider dataProvider={dataProvider as Partial<DataProvider>}>{routes}</WithDataProvider> : routes}
      </BrandContext.Provider>
    </I18nContextProvider>,
  );
}
