/**
 * Xero's batch writes (PUT/POST with a list of elements): each element is checked against the
 * records as they stand after the elements before it. With summarizeErrors (Xero's default) one bad
 * element fails the whole request with a 400 and nothing is saved; with summarizeErrors=false the
 * good elements are saved and the bad ones come back in the 200 with their ValidationErrors.
 */
import type { Answer } from '../http';
import { envelope, message, validationException } from './wire';

export interface Outcome {
  /** The element as answered: the saved record, or the input when it failed. */
  wire: Record<string, unknown>;
  errors: string[];
}

/** Fields an answer carries that a client may echo back but never sets. */
const ANSWER_ONLY = ['ValidationErrors', 'HasValidationErrors', 'HasErrors', 'StatusAttributeString', 'UpdatedDateUTC', 'Warnings'];

export const inputOf = (element: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(element).filter(([k]) => !ANSWER_ONLY.includes(k)));

export interface BatchOptions {
  now: number;
  key: string;
  summarize: boolean;
  /** The flag Xero sets on a failed element of this kind (Contact: HasValidationErrors, Invoice: HasErrors). */
  errorFlag: 'HasValidationErrors' | 'HasErrors' | null;
  /** Saves the drafts the outcomes were computed against. */
  commit: () => void;
}

export function batchAnswer(outcomes: Outcome[], opts: BatchOptions): Answer {
  const failed = outcomes.some((o) => o.errors.length > 0);
  if (failed && opts.summarize) {
    return validationException(outcomes.map((o) => ({ ...o.wire, ValidationErrors: o.errors.map(message) })));
  }
  opts.commit();
  const rows = outcomes.map((o) => {
    if (o.errors.length === 0) return opts.summarize ? o.wire : { ...o.wire, StatusAttributeString: 'OK' };
    return {
      ...o.wire,
      ...(opts.errorFlag ? { [opts.errorFlag]: true } : {}),
      StatusAttributeString: 'ERROR',
      ValidationErrors: o.errors.map(message),
    };
  });
  return { status: 200, body: envelope(opts.now, opts.key, rows) };
}
