import { describe, expect, it } from 'vitest';
import { searchPageWithTotal, TABLE_ROWS_COLUMN, TOTAL_COLUMN, VERSION_COLUMN, type SearchPageSteps } from './knownTotals';

type Row = Record<string, unknown>;

/**
 * A search of `total` matches among 100,000 rows whose walks find nothing before row `firstMatch`
 * of the sort order (its matches bunch up late in it), with what each step was asked.
 */
function search(name: string, { total = 20_000, firstMatch = Infinity } = {}) {
  const windows: number[] = [];
  let counts = 0;
  const page = (n: number, extra: Row = {}) => Array.from({ length: n }, (_, i) => ({ id: i, [VERSION_COLUMN]: 'v1', ...extra }));
  const steps = (offset: number, limit = 20): SearchPageSteps => ({
    countStatement: () => ({ sql: `count ${name}`, parameters: [] }),
    offset,
    limit,
    withTotal: true,
    counted: async () => {
      counts++;
      return page(limit, { [TOTAL_COLUMN]: total, [TABLE_ROWS_COLUMN]: 100_000 });
    },
    walk: async (window) => {
      windows.push(window);
      await new Promise((resolve) => setTimeout(resolve, 1));
      // The page is whole when the window reaches past its last match (one match a row from firstMatch on).
      return window >= firstMatch + offset + limit ? page(limit) : [];
    },
    count: async () => total,
  });
  return { steps, windows, counts: () => counts };
}

describe('a search whose walks come back short', () => {
  it('walks twice as far next time, and stays at the window that reached its page', async () => {
    const s = search('stretch', { firstMatch: 3000 });
    expect((await searchPageWithTotal(s.steps(80))).total).toBe(20_000);
    expect(s.windows).toEqual([]);
    // (80 + 20) × 100,000 ÷ 20,000 = 500 rows expected: 2,100 walked, short, then counted.
    await searchPageWithTotal(s.steps(80));
    expect(s.windows).toEqual([2100]);
    expect(s.counts()).toBe(2);
    const walked = await searchPageWithTotal(s.steps(80));
    expect(s.windows).toEqual([2100, 4100]);
    expect(walked).toMatchObject({ total: 20_000, page: expect.arrayContaining([expect.objectContaining({ id: 0 })]) });
    expect(s.counts()).toBe(2);
    await searchPageWithTotal(s.steps(80));
    expect(s.windows).toEqual([2100, 4100, 4100]);
    expect(s.counts()).toBe(2);
  });

  it('is doubled once by requests that walked at the same time', async () => {
    const s = search('together', { firstMatch: 3000 });
    await searchPageWithTotal(s.steps(80));
    await Promise.all([1, 2, 3, 4].map(() => searchPageWithTotal(s.steps(80))));
    expect(s.windows).toEqual([2100, 2100, 2100, 2100]);
    await searchPageWithTotal(s.steps(80));
    expect(s.windows.at(-1)).toBe(4100);
  });

  it('is counted without a walk once the window would be longer than its matches', async () => {
    const s = search('never');
    await searchPageWithTotal(s.steps(0));
    for (let i = 0; i < 7; i++) await searchPageWithTotal(s.steps(0));
    // 100 rows expected: 500 walked, then twice as far each time; 25,700 would be more than its 20,000 matches.
    expect(s.windows).toEqual([500, 900, 1700, 3300, 6500, 12_900]);
    expect(s.counts()).toBe(8);
  });
});
