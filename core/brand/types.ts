/** The brand configuration of SPEC.md point 3, as GET /api/brandsiteconfig answers it. */
import type { FeatureTree } from '../access/access';

export interface BrandFeatures extends FeatureTree {
  auth: { publicRegistration: boolean; passwordReset: boolean; preLogin: boolean; userDelete: boolean };
  mail: { enabled: boolean; contactManager: boolean; finalDeleteIsAllowed: boolean };
  job: { enabled: boolean; xero: boolean; wcfFormUrl: boolean; dext: boolean };
  file: { extendWithRelations: boolean; enableSkipResize: boolean };
  google: { tasks: boolean; drive: boolean };
  microsoft: { emails: boolean };
  global: { proNotify?: boolean };
}

export interface BrandImages {
  uploadResize: { width: number; height: number; enabled: boolean };
  thumbs: { supportedExtensions: string[]; sizes: number[] };
}

export interface BrandConfig {
  name: string;
  systemUrl: string;
  apiUrl: string;
  productName: string;
  inlineImagesMailsize: number;
  maxMailSizeMB: number;
  maxUploadSizeMB: number;
  customSettings: { visibleName: string; logoUrl: string; wcfFormUrl: string };
  features: BrandFeatures;
  images: BrandImages;
}

export interface BrandSiteConfigAnswer {
  finalDomainConfig: BrandConfig;
  d_id: number;
}

export function allFeatures(on: boolean): BrandFeatures {
  return {
    auth: { publicRegistration: on, passwordReset: on, preLogin: on, userDelete: on },
    mail: { enabled: on, contactManager: on, finalDeleteIsAllowed: on },
    job: { enabled: on, xero: on, wcfFormUrl: on, dext: on },
    file: { extendWithRelations: on, enableSkipResize: on },
    google: { tasks: on, drive: on },
    microsoft: { emails: on },
    global: { proNotify: on },
  };
}

export const DEFAULT_IMAGES: BrandImages = {
  uploadResize: { width: 2560, height: 2560, enabled: true },
  thumbs: { supportedExtensions: ['jpg', 'jpeg', 'png', 'webp', 'gif'], sizes: [150, 400, 1600] },
};
