/**
 * The shape a stored brand configuration (and a domain's overrides) may have: a partial BrandConfig
 * whose known keys have the right types and with no unknown keys, so a typo cannot silently switch
 * a feature off. The brand editor checks it before saving and the server checks it again.
 */
import * as yup from 'yup';
import { allFeatures } from './types';

const INVALID = 'Invalid value';

const bool = () => yup.boolean().strict(true).typeError(INVALID);
const text = () => yup.string().strict(true).typeError(INVALID).max(3000, 'Max. 3000 chars!');
const positive = () => yup.number().strict(true).typeError(INVALID).min(0, INVALID);

function boolGroup(keys: readonly string[]) {
  return yup
    .object(Object.fromEntries(keys.map((k) => [k, bool()])))
    .noUnknown(true, INVALID)
    .strict(true)
    .typeError(INVALID)
    .default(undefined);
}

const featureShape = Object.fromEntries(Object.entries(allFeatures(true)).map(([group, flags]) => [group, boolGroup(Object.keys(flags as object))]));

export const brandConfigSchema = yup
  .object({
    name: text(),
    systemUrl: text(),
    apiUrl: text(),
    productName: text(),
    inlineImagesMailsize: positive(),
    maxMailSizeMB: positive(),
    maxUploadSizeMB: positive(),
    customSettings: yup.object({ visibleName: text(), logoUrl: text(), wcfFormUrl: text() }).noUnknown(true, INVALID).strict(true).default(undefined),
    features: yup.object(featureShape).noUnknown(true, INVALID).strict(true).default(undefined),
    images: yup
      .object({
        uploadResize: yup.object({ width: positive(), height: positive(), enabled: bool() }).noUnknown(true, INVALID).strict(true).default(undefined),
        thumbs: yup
          .object({
            supportedExtensions: yup.array(yup.string().strict(true).typeError(INVALID)).strict(true).typeError(INVALID),
            sizes: yup.array(yup.number().strict(true).integer(INVALID).min(1, INVALID).typeError(INVALID)).strict(true).typeError(INVALID),
          })
          .noUnknown(true, INVALID)
          .strict(true)
          .default(undefined),
      })
      .noUnknown(true, INVALID)
      .strict(true)
      .default(undefined),
  })
  .noUnknown(true, INVALID)
  .strict(true)
  .typeError(INVALID);

export interface ConfigIssue {
  /** Dotted path inside the configuration ('features.job.xero'), or '' for the whole object. */
  path: string;
  message: string;
}

/** Every problem of a configuration object; empty when it may be saved. */
export function validateBrandConfig(value: unknown): ConfigIssue[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [{ path: '', message: INVALID }];
  try {
    brandConfigSchema.validateSync(value, { abortEarly: false, strict: true });
    return [];
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    const list = err.inner.length ? err.inner : [err];
    return list.map((e) => ({ path: unknownKeyPath(e), message: e.message }));
  }
}

/** noUnknown reports on the parent; naming the offending keys makes the message actionable. */
function unknownKeyPath(e: yup.ValidationError): string {
  const unknown = (e.params as { unknown?: string } | undefined)?.unknown;
  const base = e.path ?? '';
  return unknown ? [base, unknown].filter(Boolean).join('.') : base;
}

/** Parses the editor's text; a syntax error is one issue at the root. */
export function parseBrandConfigText(textValue: string): { value: Record<string, unknown> | null; issues: ConfigIssue[] } {
  let parsed: unknown;
  try {
    parsed = textValue.trim() === '' ? {} : JSON.parse(textValue);
  } catch (err) {
    return { value: null, issues: [{ path: '', message: err instanceof Error ? err.message : INVALID }] };
  }
  const issues = validateBrandConfig(parsed);
  return { value: issues.length ? null : (parsed as Record<string, unknown>), issues };
}
