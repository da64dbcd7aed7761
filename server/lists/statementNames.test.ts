/** Prepared statements' names: one per text, never another text's, and no more than the bound. */
import { describe, expect, it } from 'vitest';
import { MAX_NAMED, statementName } from './statementNames';

describe('statementName', () => {
  it('gives a text the same name every time and another text another name, up to the bound, then none', () => {
    const first = statementName('select 1 as statement_names_test');
    expect(first).toBeDefined();
    expect(statementName('select 1 as statement_names_test')).toBe(first);
    const names = new Set<string | undefined>([first]);
    for (let i = 0; i < MAX_NAMED + 10; i++) names.add(statementName(`select ${i} as statement_names_test`));
    // Every name given is distinct; past the bound a new text runs unnamed.
    expect(names.has(undefined)).toBe(true);
    expect(names.size).toBe(MAX_NAMED + 1);
    expect(statementName('select 1 as statement_names_test')).toBe(first);
  });
});
