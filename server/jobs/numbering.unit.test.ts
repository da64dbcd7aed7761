import { describe, expect, it } from 'vitest';
import { recordingDb, type Statement } from '../test/recordingDb';
import { formatJobNumber, nextJobNumber } from './numbering';
import type { JobTables } from './tables';

/**
 * Job numbers: `<department prefix>-<n>`, n zero-padded to the site configuration's
 * jobNumberDigits (default 6); "Changing the department changes the job number" (SPEC.md point 4).
 */
describe('job numbering', () => {
  it('pads the number to the configured digits and never cuts a longer one', () => {
    expect(formatJobNumber('PL', 7, 6)).toBe('PL-000007');
    expect(formatJobNumber('EL', 42, 3)).toBe('EL-042');
    expect(formatJobNumber('PL', 1234567, 6)).toBe('PL-1234567');
  });

  /** A database with department `prefix`, a digits setting, a counter that answers `counter`, and `taken` job numbers. */
  function numberingDb(opts: { prefix?: string; digits?: string | null; counter: number; taken?: readonly string[] }) {
    const taken = new Set(opts.taken ?? []);
    return recordingDb<JobTables>((s: Statement) => {
      if (s.sql.startsWith('select "de_prefix"')) return [{ de_prefix: opts.prefix ?? 'PL' }];
      if (s.sql.startsWith('select "sc_value"')) return opts.digits === null ? [] : [{ sc_value: opts.digits ?? '6' }];
      if (s.sql.startsWith('insert into "job_number_counters"')) return [{ last_number: opts.counter }];
      if (s.sql.startsWith('select "job_number"')) return s.parameters.filter((p) => taken.has(p as string)).map((job_number) => ({ job_number }));
      return [];
    });
  }

  it("takes the department's next counter value, padded, and locks the prefix while it looks", async () => {
    const { db, statements } = numberingDb({ prefix: 'PL', counter: 7 });
    await expect(nextJobNumber(db, 5)).resolves.toBe('PL-000007');
    expect(statements.slice(0, 4)).toEqual([
      { sql: 'select "de_prefix" from "departments" where "de_id" = $1', parameters: [5] },
      { sql: 'select pg_advisory_xact_lock(hashtext($1))', parameters: ['job_number:PL'] },
      { sql: 'select "sc_value" from "site_config" where "sc_key" = $1', parameters: ['jobNumberDigits'] },
      {
        sql: 'insert into "job_number_counters" ("de_id", "last_number") values ($1, $2) on conflict ("de_id") do update set "last_number" = job_number_counters.last_number + 1 returning "last_number"',
        parameters: [5, 1],
      },
    ]);
    // one look-up of 50 candidates from the counter on, and no counter correction when it was free
    expect(statements).toHaveLength(5);
    expect(statements[4].sql).toMatch(/^select "job_number" from "jobs" where "job_number" in \(\$1, .*\$50\)$/);
    expect(statements[4].parameters[0]).toBe('PL-000007');
    expect(statements[4].parameters[49]).toBe('PL-000056');
  });

  it('skips numbers another department with the same prefix already took, and moves the counter past them', async () => {
    const { db, statements } = numberingDb({ counter: 7, taken: ['PL-000007', 'PL-000008', 'PL-000010'] });
    await expect(nextJobNumber(db, 5)).resolves.toBe('PL-000009');
    expect(statements.at(-1)).toEqual({ sql: 'update "job_number_counters" set "last_number" = $1 where "de_id" = $2', parameters: [9, 5] });
  });

  it('looks further, 50 at a time, when a whole batch is taken', async () => {
    const taken = Array.from({ length: 53 }, (_, i) => formatJobNumber('PL', 1 + i, 6));
    const { db, statements } = numberingDb({ counter: 1, taken });
    await expect(nextJobNumber(db, 3)).resolves.toBe('PL-000054');
    const lookups = statements.filter((s) => s.sql.startsWith('select "job_number"'));
    expect(lookups.map((s) => [s.parameters[0], s.parameters.length])).toEqual([
      ['PL-000001', 50],
      ['PL-000051', 50],
    ]);
    expect(statements.at(-1)?.parameters).toEqual([54, 3]);
  });

  it.each([
    ['4', 'PL-0012'],
    ['12', 'PL-000000000012'],
    ['1', 'PL-12'],
    ['0', 'PL-000012'],
    ['13', 'PL-000012'],
    ['-3', 'PL-000012'],
    ['2.5', 'PL-000012'],
    ['abc', 'PL-000012'],
    [null, 'PL-000012'],
  ])('jobNumberDigits %j gives %s (invalid or absent: the default 6)', async (digits, expected) => {
    const { db } = numberingDb({ digits, counter: 12 });
    await expect(nextJobNumber(db, 1)).resolves.toBe(expected);
  });
});
