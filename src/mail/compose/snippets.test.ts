import { describe, expect, it } from 'vitest';
import { insertBeforeQuote } from './snippets';

describe('insertBeforeQuote', () => {
  it('puts a snippet above the quoted mail, or at the end without one', () => {
    expect(insertBeforeQuote('<p>Hi</p>', '<p>Sig</p>')).toBe('<p>Hi</p><p>Sig</p>');
    expect(insertBeforeQuote('<p>Hi</p><p>On x, A wrote:</p><blockquote>old</blockquote>', '<p>Sig</p>')).toBe(
      '<p>Hi</p><p>Sig</p><p>On x, A wrote:</p><blockquote>old</blockquote>',
    );
  });
});
