import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultPoolSize } from './kysely';

describe('defaultPoolSize', () => {
  it('is twice the cores plus two unless PGPOOL_MAX names a positive whole number', () => {
    const byCores = 2 * availableParallelism() + 2;
    expect(defaultPoolSize(undefined)).toBe(byCores);
    expect(defaultPoolSize('12')).toBe(12);
    for (const bad of ['', '0', '-3', '2.5', 'many']) expect(defaultPoolSize(bad)).toBe(byCores);
  });
});
