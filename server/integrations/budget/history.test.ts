/**
 * The call history: calls counted per minute (429s as throttled), minutes older than two days folded
 * into their day without losing or doubling a count, and the per-minute and per-day series read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { RootDb } from '../../db/types';
import { testDb, uniqueName } from '../../test/helpers';
import type { BudgetKey } from './budget';
import { callsPerDay, callsPerMinute, foldOldCalls, recordCall } from './history';

let root: RootDb;
beforeAll(() => {
  root = testDb();
});
afterAll(async () => {
  await root?.destroy();
});

const MINUTE = 60_000;
const DAY = 86_400_000;
// Noon UTC, so the minutes below stay inside their day.
const NOW = Date.parse('2026-11-27T12:00:30Z');

describe('provider call history', () => {
  it('counts per minute, folds minutes older than two days into days, and reads both series back', async () => {
    const key: BudgetKey = { provider: 'xero', scopeKey: uniqueName('xero:history') };
    await recordCall(root, key, false, NOW);
    await recordCall(root, key, true, NOW + 10_000);
    await recordCall(root, key, false, NOW - 5 * MINUTE);
    // Three days ago: two calls in one minute, one in the next.
    const old = NOW - 3 * DAY;
    await recordCall(root, key, false, old);
    await recordCall(root, key, true, old + 1000);
    await recordCall(root, key, false, old + MINUTE);

    const minutes = await callsPerMinute(root, key, 60, NOW);
    expect(minutes).toHaveLength(60);
    expect(minutes[59]).toEqual({ at: '2026-11-27T12:00:00.000Z', calls: 2, throttled: 1 });
    expect(minutes[54]).toEqual({ at: '2026-11-27T11:55:00.000Z', calls: 1, throttled: 0 });
    expect(minutes.reduce((n, m) => n + m.calls, 0)).toBe(3);

    const before = await callsPerDay(root, key, 7, NOW);
    expect(await foldOldCalls(root, NOW)).toBeGreaterThanOrEqual(2);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from global.provider_calls where scope_key = ${key.scopeKey}`.execute(root);
    expect(rows[0].n).toBe(2);
    const after = await callsPerDay(root, key, 7, NOW);
    expect(after).toEqual(before);
    expect(after.map((d) => [d.day, d.calls, d.throttled])).toEqual([
      ['2026-11-21', 0, 0],
      ['2026-11-22', 0, 0],
      ['2026-11-23', 0, 0],
      ['2026-11-24', 3, 1],
      ['2026-11-25', 0, 0],
      ['2026-11-26', 0, 0],
      ['2026-11-27', 3, 1],
    ]);
    // Folding again moves nothing twice.
    await foldOldCalls(root, NOW);
    expect(await callsPerDay(root, key, 7, NOW)).toEqual(after);
  });
});
