/** The accounting codes of SPEC.md point 8 as envelope errors (their texts: core/i18n en-US `xeroCodes`). */
import type { XeroCode } from '../../core/accounting/constants';
import { enText } from '../../core/i18n/en-US';
import { AppError } from '../envelope/errors';

/**
 * An accounting failure: 409, so the SPA shows the code's text as a notice and stays on the page
 * (a 401 or 403 would log the user out or send them to not-allowed, which is not what happened).
 */
export const accountingError = (code: XeroCode, details: string | null = null) =>
  new AppError({ code, status: 409, primary: enText(`xeroCodes.${code}`), details });
