import { MIN_SEARCH } from './SearchBox';

/**
 * Autocomplete text → list filter. Fewer than 3 characters ask for the first page unfiltered
 * instead of a search the server refuses ('At least 3 characters').
 */
export function searchFilter(text: string): { q?: string } {
  const trimmed = text.trim();
  return trimmed.length >= MIN_SEARCH ? { q: trimmed } : {};
}
