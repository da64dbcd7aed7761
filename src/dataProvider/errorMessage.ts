/**
 * Which text a failed answer shows (SPEC.md point 8, reconciled with API.md).
 *
 * SPEC.md's rule reads the first dbErrors entry: primary if it contains 'null value', otherwise
 * details, otherwise general, otherwise 'Unknown error'. Our own server uses generic codes
 * (API.md) that put the user-facing text in primary and, for VALIDATION, the field name in
 * details; applied literally the rule would show a bare column name. So: generic codes show
 * primary (VALIDATION as '<field label>: <primary>'); every other code follows the spec's rule,
 * with the accounting code table as the last word before 'Unknown error'.
 */
import { ERROR_CODES, type DbError } from '../../core/envelope/types';
import enUS from '../../core/i18n/en-US';
import { FEATURE_MESSAGES, type MessageTree } from '../../core/i18n/featureMessages';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface MessageContext {
  translate: Translate;
  /** Label of a field named by a VALIDATION entry, when the resource is known. */
  fieldLabel?: (field: string) => string | undefined;
}

const GENERIC = new Set<string>(ERROR_CODES);

function leaves(tree: MessageTree, prefix: string): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[value, `${prefix}${key}`] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

/**
 * en-US server texts back to their keys, to re-translate them: the core validation and error
 * texts first, then every feature's own (the server takes its texts from the same en-US files).
 */
const KEY_OF_SERVER_TEXT = new Map<string, string>(
  [
    ...(['validation', 'errors'] as const).flatMap((group) => leaves(enUS[group], `${group}.`)),
    ...FEATURE_MESSAGES.flatMap((feature) => leaves(feature['en-US'], '')),
  ].reverse(),
);

/** The i18n key of a known server text, or the text itself. */
export function serverTextKey(text: string): string {
  return KEY_OF_SERVER_TEXT.get(text) ?? text;
}

export function localizeServerText(text: string, translate: Translate): string {
  const key = KEY_OF_SERVER_TEXT.get(text);
  return key ? translate(key) : text;
}

const filled = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

export function messageFromDbErrors(dbErrors: readonly DbError[] | null | undefined, ctx: MessageContext): string {
  const first = dbErrors?.[0];
  const unknown = ctx.translate('default.unknownError');
  if (!first) return unknown;
  const { error, primary, details, general } = first;

  if (GENERIC.has(error)) {
    if (filled(primary)) {
      const text = localizeServerText(primary, ctx.translate);
      if (error === 'VALIDATION' && filled(details)) return `${ctx.fieldLabel?.(details) ?? details}: ${text}`;
      return text;
    }
    return filled(details) ? details : filled(general) ? general : unknown;
  }

  if (filled(primary) && primary.includes('null value')) return primary;
  if (filled(details)) return details;
  if (filled(general)) return general;
  const codeKey = `xeroCodes.${error}`;
  const codeText = ctx.translate(codeKey);
  return codeText !== codeKey ? codeText : unknown;
}

/** VALIDATION entries as react-admin form errors ({ field: message }), messages as i18n keys when known. */
export function fieldErrorsFrom(dbErrors: readonly DbError[] | null | undefined): Record<string, string> | undefined {
  const entries = (dbErrors ?? []).filter((e) => e.error === 'VALIDATION' && filled(e.details) && filled(e.primary));
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map((e) => [e.details as string, serverTextKey(e.primary as string)]));
}
