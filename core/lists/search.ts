/**
 * Free text in a list (SPEC.md: 'Filters need at least 3 characters'): the one limit both sides
 * use. The SPA's search boxes wait for it and say why; the server refuses shorter text with the
 * same message (server/http/listQuery.ts).
 */
export const MIN_SEARCH_CHARS = 3;

/** The key of 'At least 3 characters' (core/i18n/en-US.ts). */
export const MIN_SEARCH_MESSAGE = 'validation.minSearch';

/** The typed text, trimmed, when it is long enough to search; null while it is empty or too short. */
export function searchableText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length >= MIN_SEARCH_CHARS ? trimmed : null;
}

/** 'At least 3 characters' for typed text that is too short (1 or 2 characters, trimmed); empty text is no search, and fine. */
export function searchProblem(text: string): typeof MIN_SEARCH_MESSAGE | null {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length < MIN_SEARCH_CHARS ? MIN_SEARCH_MESSAGE : null;
}
