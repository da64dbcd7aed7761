/** The shared call budget: windows, the concurrency cap, blocks, and two processes taking at once. */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RootDb } from '../../db/types';
import { testDb } from '../../test/helpers';
import { block, recordAnswer, releaseLease, takeLease, type BudgetKey, type Lease } from './budget';

let a: RootDb;
let b: RootDb;
const T0 = Date.UTC(2026, 0, 5, 9);

beforeAll(() => {
  a = testDb();
  b = testDb();
});
afterAll(async () => {
  await a?.destroy();
  await b?.destroy();
});

const newKey = (): BudgetKey => ({ provider: 'xero', scopeKey: `xero:site_1:${randomBytes(6).toString('hex')}` });
const leaseOf = (l: Lease) => (l.ok ? l.leaseId : expect.fail(`refused until ${l.retryAt.toISOString()}`));
const wide = { perMinute: 1000, perDay: 100_000, concurrent: 1000 };

describe('takeLease', () => {
  it("gives a new key's first calls, made at once from two processes, each its lease", async () => {
    for (let round = 0; round < 10; round += 1) {
      const key = newKey();
      const leases = await Promise.all([takeLease(a, key, wide, T0), takeLease(b, key, wide, T0), takeLease(a, key, wide, T0), takeLease(b, key, wide, T0)]);
      expect(leases.map((l) => l.ok)).toEqual([true, true, true, true]);
    }
  });

  it('caps the calls in flight; a release or a lapsed lease frees a place', async () => {
    const key = newKey();
    const limits = { ...wide, concurrent: 2, leaseMs: 30_000 };
    const first = leaseOf(await takeLease(a, key, limits, T0));
    leaseOf(await takeLease(a, key, limits, T0));
    const refused = await takeLease(a, key, limits, T0);
    expect(refused).toEqual({ ok: false, retryAt: new Date(T0 + 1000) });
    await releaseLease(a, key, first);
    leaseOf(await takeLease(a, key, limits, T0));
    expect((await takeLease(a, key, limits, T0 + 10_000)).ok).toBe(false);
    // A process that died holding its leases: they lapse.
    expect((await takeLease(a, key, limits, T0 + 31_000)).ok).toBe(true);
  });

  it('counts the minute and the day windows and tells when each opens again', async () => {
    const key = newKey();
    const limits = { ...wide, perMinute: 3, perDay: 5 };
    for (let i = 0; i < 3; i++) await releaseLease(a, key, leaseOf(await takeLease(a, key, limits, T0 + i * 1000)));
    expect(await takeLease(a, key, limits, T0 + 5000)).toEqual({ ok: false, retryAt: new Date(T0 + 60_000) });
    leaseOf(await takeLease(a, key, limits, T0 + 60_000));
    leaseOf(await takeLease(a, key, limits, T0 + 61_000));
    expect(await takeLease(a, key, limits, T0 + 62_000)).toEqual({ ok: false, retryAt: new Date(T0 + 86_400_000) });
    expect((await takeLease(a, key, limits, T0 + 86_400_000)).ok).toBe(true);
  });

  it('refuses everything while blocked (Retry-After, else 60 s)', async () => {
    const key = newKey();
    expect(await block(a, key, 30, T0)).toEqual(new Date(T0 + 30_000));
    expect(await takeLease(a, key, wide, T0 + 1000)).toEqual({ ok: false, retryAt: new Date(T0 + 30_000) });
    expect((await takeLease(a, key, wide, T0 + 30_000)).ok).toBe(true);
    expect(await block(a, key, null, T0 + 40_000)).toEqual(new Date(T0 + 100_000));
    // A shorter block never shortens a longer one.
    expect(await block(a, key, 1, T0 + 40_000)).toEqual(new Date(T0 + 100_000));
  });

  it('never lets two processes taking at once exceed the caps', async () => {
    const burst = (key: BudgetKey, limits: typeof wide) =>
      Promise.all([...Array.from({ length: 12 }, () => takeLease(a, key, limits, T0)), ...Array.from({ length: 12 }, () => takeLease(b, key, limits, T0))]);
    const inFlight = await burst(newKey(), { ...wide, concurrent: 5 });
    expect(inFlight.filter((l) => l.ok)).toHaveLength(5);
    const perMinute = await burst(newKey(), { ...wide, perMinute: 7 });
    expect(perMinute.filter((l) => l.ok)).toHaveLength(7);
    expect(perMinute.find((l) => !l.ok)).toEqual({ ok: false, retryAt: new Date(T0 + 60_000) });
  });
});

describe('recordAnswer', () => {
  it('keeps the remaining-headers and the problem the provider last sent', async () => {
    const key = newKey();
    leaseOf(await takeLease(a, key, wide, T0));
    await recordAnswer(
      a,
      key,
      new Headers({ 'X-MinLimit-Remaining': '58', 'X-DayLimit-Remaining': '4990', 'X-AppMinLimit-Remaining': '9000', 'X-Rate-Limit-Problem': 'minute' }),
      T0,
    );
    const { rows } = await sql<{ last_remaining: unknown; last_problem: string; last_seen_at: Date }>`
      select last_remaining, last_problem, last_seen_at from global.provider_budget where scope_key = ${key.scopeKey}`.execute(a);
    expect(rows[0]).toEqual({
      last_remaining: { 'x-minlimit-remaining': '58', 'x-daylimit-remaining': '4990', 'x-appminlimit-remaining': '9000' },
      last_problem: 'minute',
      last_seen_at: new Date(T0),
    });
  });
});
