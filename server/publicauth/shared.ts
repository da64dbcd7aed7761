/** Pieces the public account calls share. */
import type { FastifyRequest } from 'fastify';
import { isFeatureOn } from '../../core/access/access';
import { enText } from '../../core/i18n/en-US';
import { AppError } from '../envelope/errors';

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const HASH_RE = /^[0-9a-f]{64}$/;

export const mailAddressBody = {
  type: 'object',
  properties: { mail_address: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['mail_address'],
  additionalProperties: false,
} as const;

/** SPEC.md point 8's text when the brand has no public registration (also guards the reset calls). */
export function registrationNotAllowed(): AppError {
  return new AppError({ code: 'FORBIDDEN', status: 403, primary: enText('errors.registrationNotAllowed'), general: 'feature' });
}

export function requireFeatures(...keys: string[]) {
  return async (req: FastifyRequest): Promise<void> => {
    const features = req.brand?.config.features;
    if (!isFeatureOn(features, 'auth.publicRegistration')) throw registrationNotAllowed();
    for (const key of keys)
      if (!isFeatureOn(features, key)) throw new AppError({ code: 'FORBIDDEN', status: 403, primary: enText('errors.forbidden'), general: 'feature' });
  };
}

/**
 * The brand's configured address (its `systemUrl`, with the domain's overrides), for links in
 * mails; never the request's Host, which whoever sends the request writes. Null when the brand
 * has no usable address (the mail is then not sent, and the fault is logged).
 */
export function brandOrigin(req: FastifyRequest): string | null {
  const configured = req.brand?.config.systemUrl;
  if (!configured) return null;
  try {
    const url = new URL(configured);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

export class NoBrandAddress extends Error {
  constructor() {
    super("The brand's systemUrl is not an http(s) address; links in mails cannot be built.");
  }
}
