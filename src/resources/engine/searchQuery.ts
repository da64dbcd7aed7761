import { searchableText } from '../../../core/lists/search';

/**
 * Autocomplete text → list filter. Fewer than 3 characters ask for the first page unfiltered
 * instead of a search the server refuses ('At least 3 characters').
 */
export function searchFilter(text: string): { q?: string } {
  const q = searchableText(text);
  return q ? { q } : {};
}
