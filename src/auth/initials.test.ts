import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace byron', 'AL'],
    ['  Grace   Hopper ', 'GH'],
    ['Cher', 'C'],
    ['Érdi Ágnes', 'ÉÁ'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});
