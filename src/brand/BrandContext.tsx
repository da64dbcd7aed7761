/** The loaded brand, for components: name, logo and the feature tree that gates pages. */
import { createContext, useContext } from 'react';
import type { BrandConfig } from '../../core/brand/types';

export const BrandContext = createContext<BrandConfig | null>(null);

export function useBrand(): BrandConfig {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand outside a loaded brand');
  return brand;
}

export function useOptionalBrand(): BrandConfig | null {
  return useContext(BrandContext);
}

export function productNameOf(brand: BrandConfig | null, fallback: string): string {
  return brand?.productName || brand?.customSettings?.visibleName || brand?.name || fallback;
}
