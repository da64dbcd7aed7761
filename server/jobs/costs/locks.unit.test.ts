import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingDb } from '../../test/recordingDb';
import type { JobTables } from '../tables';
import { costsLocked, isEngineerLocked, setEngineerLock } from './locks';

/** SPEC.md point 4: "Costs can be locked and unlocked ... An engineer sees 'Your costs are locked!' when locked." */
describe('cost locks per engineer', () => {
  const now = new Date('2026-03-04T10:20:30.000Z');
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a locked engineer's change is refused with 403 FORBIDDEN and 'Your costs are locked!'", () => {
    const err = costsLocked();
    expect(err.status).toBe(403);
    expect(err.toDbErrors()).toEqual([{ error: 'FORBIDDEN', primary: 'Your costs are locked!', details: null, general: 'record' }]);
  });

  it.each([
    [true, 'lock'],
    [false, 'unlock'],
  ] as const)('locked=%s stores the state, marks every cost row of that engineer on the job, and records a %s', async (locked, action) => {
    const { db, statements } = recordingDb<JobTables>();
    await setEngineerLock(db, 10, 20, locked, 30);
    expect(statements.map((s) => [s.sql, s.parameters])).toEqual([
      [
        'insert into "job_engineer_locks" ("job_id", "us_id", "locked", "changed_by", "changed_at") values ($1, $2, $3, $4, $5) on conflict ("job_id", "us_id") do update set "locked" = $6, "changed_by" = $7, "changed_at" = $8',
        [10, 20, locked, 30, now, locked, 30, now],
      ],
      ['update "job_costs" set "jc_locked" = $1, "updated_at" = $2 where "job_id" = $3 and "us_id" = $4', [locked, now, 10, 20]],
      [
        'insert into "job_history" ("job_id", "us_id", "jh_entity", "jh_entity_id", "jh_action", "jh_changes") values ($1, $2, $3, $4, $5, $6)',
        [10, 30, 'cost', null, action, JSON.stringify({ us_id: 20, locked })],
      ],
    ]);
  });

  it('reads the stored state of one engineer on one job; no row means unlocked', async () => {
    const locked = recordingDb<JobTables>(() => [{ locked: true }]);
    await expect(isEngineerLocked(locked.db, 10, 20)).resolves.toBe(true);
    expect(locked.statements).toEqual([{ sql: 'select "locked" from "job_engineer_locks" where "job_id" = $1 and "us_id" = $2', parameters: [10, 20] }]);
    await expect(isEngineerLocked(recordingDb<JobTables>(() => [{ locked: false }]).db, 10, 20)).resolves.toBe(false);
    await expect(isEngineerLocked(recordingDb<JobTables>(() => []).db, 10, 20)).resolves.toBe(false);
  });
});
