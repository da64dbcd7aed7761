/** The two demo brands of CONTRACT-NOTES: the same product under two Host names with different features. */
import { DEFAULT_IMAGES, allFeatures, type BrandFeatures } from '../../core/brand/types';
import type { CreateBrandInput } from '../brand/create';

function baseConfig(systemUrl: string, visibleName: string, features: BrandFeatures): Record<string, unknown> {
  return {
    systemUrl,
    apiUrl: '/api',
    inlineImagesMailsize: 5000,
    maxMailSizeMB: 25,
    maxUploadSizeMB: 20,
    customSettings: { visibleName },
    features,
    images: DEFAULT_IMAGES,
  };
}

export function demoBrand(): CreateBrandInput {
  return {
    name: 'Demo Maintenance',
    domain: 'localhost',
    productName: 'Demo Maintenance Back Office',
    logoUrl: '',
    wcfFormUrl: 'https://forms.example.com/wcf',
    description: 'Demo brand with every feature switched on.',
    config: baseConfig('http://localhost:3000', 'Demo Maintenance', allFeatures(true)),
  };
}

export function acmeFeatures(): BrandFeatures {
  const features = allFeatures(true);
  features.mail = { enabled: false, contactManager: false, finalDeleteIsAllowed: false };
  features.job.xero = false;
  features.google = { tasks: false, drive: false };
  features.microsoft = { emails: false };
  return features;
}

export function acmeBrand(): CreateBrandInput {
  return {
    name: 'Acme Repairs',
    domain: '127.0.0.1',
    productName: 'Acme Repairs Office',
    logoUrl: '',
    wcfFormUrl: '',
    description: 'Second demo brand: no mail, accounting or cloud services.',
    config: baseConfig('http://127.0.0.1:3000', 'Acme Repairs', acmeFeatures()),
  };
}
