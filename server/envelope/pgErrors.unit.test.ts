import { describe, expect, it } from 'vitest';
import { isDatabaseOutage, mapPgError } from './pgErrors';

function pgError(fields: { code?: unknown; column?: string; detail?: string }): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "departments_de_prefix_key" on table departments'), fields);
}
const entry = (err: ReturnType<typeof mapPgError>) => (err ? { status: err.status, ...err.toDbErrors()[0], more: err.toDbErrors().length - 1 } : null);

/** PostgreSQL constraint errors become client answers that name columns only, never the database's text. */
describe('PostgreSQL error mapping', () => {
  it('unique violation: 409 CONFLICT naming the key columns, never the value', () => {
    expect(entry(mapPgError(pgError({ code: '23505', detail: 'Key (de_prefix)=(PLB) already exists.' }), 'POST'))).toEqual({
      status: 409,
      error: 'CONFLICT',
      primary: 'A record with this value already exists.',
      details: 'de_prefix',
      general: null,
      more: 0,
    });
    expect(entry(mapPgError(pgError({ code: '23505', detail: 'Key (job_id, us_id)=(1, 2) already exists.' }), 'POST'))?.details).toBe('job_id, us_id');
  });

  it('a detail that does not start with the key falls back to the column, then to nothing', () => {
    expect(entry(mapPgError(pgError({ code: '23505', detail: 'Oops Key (a)=(1)', column: 'c_col' }), 'POST'))?.details).toBe('c_col');
    expect(entry(mapPgError(pgError({ code: '23505', detail: 'Key (a;drop)=(1)' }), 'POST'))?.details).toBeNull();
    expect(entry(mapPgError(pgError({ code: '23505' }), 'POST'))?.details).toBeNull();
  });

  it('foreign key violation on delete: 409 CONFLICT, the record is in use', () => {
    expect(entry(mapPgError(pgError({ code: '23503', detail: 'Key (de_id)=(3) is still referenced from table "jobs".' }), 'DELETE'))).toEqual({
      status: 409,
      error: 'CONFLICT',
      primary: 'This record is in use and cannot be deleted.',
      details: null,
      general: null,
      more: 0,
    });
  });

  it("foreign key violation on a write: 400 'Invalid value' on the referring column", () => {
    expect(entry(mapPgError(pgError({ code: '23503', detail: 'Key (de_id)=(99) is not present in table "departments".' }), 'PATCH'))).toEqual({
      status: 400,
      error: 'VALIDATION',
      primary: 'Invalid value',
      details: 'de_id',
      general: null,
      more: 0,
    });
  });

  it("not-null violation: 400 'Field is required!' on the column", () => {
    expect(entry(mapPgError(pgError({ code: '23502', column: 'de_name' }), 'POST'))).toMatchObject({
      status: 400,
      error: 'VALIDATION',
      primary: 'Field is required!',
      details: 'de_name',
    });
    expect(entry(mapPgError(pgError({ code: '23502' }), 'POST'))).toMatchObject({ primary: 'Field is required!', details: null });
  });

  it.each(['23514', '22P02', '22001', '22003', '22007', '22008'])("%s: 400 'Invalid value' on the column", (code) => {
    expect(entry(mapPgError(pgError({ code, column: 'x_col' }), 'POST'))).toEqual({
      status: 400,
      error: 'VALIDATION',
      primary: 'Invalid value',
      details: 'x_col',
      general: null,
      more: 0,
    });
    expect(entry(mapPgError(pgError({ code }), 'POST'))?.details).toBeNull();
  });

  it('anything else is not mapped (the caller answers 500 without the database text)', () => {
    expect(mapPgError(pgError({ code: '40001' }), 'POST')).toBeNull();
    expect(mapPgError(pgError({ code: '2350' }), 'POST')).toBeNull();
    expect(mapPgError(pgError({ code: '23505x' }), 'POST')).toBeNull();
    expect(mapPgError(pgError({ code: 'x23505' }), 'POST')).toBeNull();
    expect(mapPgError(pgError({ code: '2350a' }), 'POST')).toBeNull();
    expect(mapPgError(pgError({ code: 23505 }), 'POST')).toBeNull();
    expect(mapPgError(pgError({}), 'POST')).toBeNull();
    expect(mapPgError({ code: '23505', detail: 'Key (a)=(1) already exists.' }, 'POST')).toBeNull();
    expect(mapPgError(null, 'POST')).toBeNull();
  });

  it.each(['22021', '22P05', '54001'])("%s (a value PostgreSQL cannot store): 400 'Invalid value' on the column", (code) => {
    expect(entry(mapPgError(pgError({ code, column: 'x_col' }), 'PATCH'))).toEqual({
      status: 400,
      error: 'VALIDATION',
      primary: 'Invalid value',
      details: 'x_col',
      general: null,
      more: 0,
    });
    expect(entry(mapPgError(pgError({ code }), 'PATCH'))?.details).toBeNull();
  });
});

describe('database outage: 503 UNAVAILABLE, not a fault', () => {
  const unavailable = {
    status: 503,
    error: 'UNAVAILABLE',
    primary: 'The service is briefly unavailable. Please try again in a moment.',
    details: null,
    general: null,
    more: 0,
  };

  it.each(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006', '08P01'])('SQLSTATE %s', (code) => {
    expect(isDatabaseOutage(pgError({ code }))).toBe(true);
    expect(entry(mapPgError(pgError({ code }), 'GET'))).toEqual(unavailable);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])('socket error %s', (code) => {
    expect(isDatabaseOutage(pgError({ code }))).toBe(true);
    expect(entry(mapPgError(pgError({ code }), 'POST'))).toEqual(unavailable);
  });

  it.each([
    'Connection terminated unexpectedly',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Connection ended unexpectedly',
    'the database system is starting up',
    'The database system is shutting down',
    'the database system is in recovery mode',
  ])('pg text without a code: %j', (message) => {
    expect(isDatabaseOutage(new Error(message))).toBe(true);
    expect(entry(mapPgError(new Error(message), 'GET'))).toEqual(unavailable);
  });

  it('other texts, codes and values are no outage', () => {
    expect(isDatabaseOutage(new Error('Query failed: Connection terminated'))).toBe(false);
    expect(isDatabaseOutage(new Error('the database system is fine'))).toBe(false);
    expect(isDatabaseOutage(pgError({ code: '23505' }))).toBe(false);
    expect(isDatabaseOutage(Object.assign(new Error('x'), { code: 57 }))).toBe(false);
    expect(isDatabaseOutage({ code: 'ECONNREFUSED', message: 'Connection terminated' })).toBe(false);
    expect(isDatabaseOutage('ECONNREFUSED')).toBe(false);
    expect(isDatabaseOutage(null)).toBe(false);
  });

  it('a connect to several addresses fails as one AggregateError: an outage when any of them is', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseOutage(new AggregateError([new Error('other'), refused]))).toBe(true);
    expect(isDatabaseOutage(new AggregateError([new Error('other'), new Error('more')]))).toBe(false);
    expect(isDatabaseOutage(new AggregateError([]))).toBe(false);
  });

  it('looks through the cause chain, and stops at an error that is its own cause', () => {
    const refused = Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' });
    expect(isDatabaseOutage(new Error('query failed', { cause: refused }))).toBe(true);
    expect(isDatabaseOutage(new Error('outer', { cause: new Error('inner', { cause: refused }) }))).toBe(true);
    expect(isDatabaseOutage(new Error('query failed', { cause: new Error('syntax') }))).toBe(false);
    expect(isDatabaseOutage(new Error('query failed', { cause: 'ECONNREFUSED' }))).toBe(false);
    const loop = new Error('loop');
    (loop as { cause?: unknown }).cause = loop;
    expect(isDatabaseOutage(loop)).toBe(false);
  });
});
