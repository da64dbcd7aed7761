import { describe, expect, it } from 'vitest';
import { enText } from '../i18n/en-US';
import { MIN_SEARCH_CHARS, MIN_SEARCH_MESSAGE, searchableText, searchProblem } from './search';

describe('free text in a list', () => {
  it("needs 3 characters, told as 'At least 3 characters'", () => {
    expect(MIN_SEARCH_CHARS).toBe(3);
    expect(MIN_SEARCH_MESSAGE).toBe('validation.minSearch');
    expect(enText(MIN_SEARCH_MESSAGE)).toBe('At least 3 characters');
  });

  it('free-text search needs at least 3 characters (empty is fine)', () => {
    expect(searchProblem('')).toBeNull();
    expect(searchProblem('  ')).toBeNull();
    expect(searchProblem('a')).toBe('validation.minSearch');
    expect(searchProblem('ab')).toBe('validation.minSearch');
    expect(searchProblem(' ab ')).toBe('validation.minSearch');
    expect(searchProblem('abc')).toBeNull();
  });

  it('searches with the trimmed text from 3 characters on', () => {
    expect(searchableText('')).toBeNull();
    expect(searchableText('   ')).toBeNull();
    expect(searchableText(' ab ')).toBeNull();
    expect(searchableText(' abc ')).toBe('abc');
    expect(searchableText('boiler room')).toBe('boiler room');
  });
});
