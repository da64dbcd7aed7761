import { describe, expect, it } from 'vitest';
import { listenUrl, poolerMode } from './pooler';

describe('DATABASE_POOLER and DATABASE_LISTEN_URL', () => {
  it('reads the pooler mode and refuses an unknown one with a message naming the choices', () => {
    expect(poolerMode(undefined)).toBe('none');
    expect(poolerMode('transaction')).toBe('transaction');
    expect(poolerMode('session')).toBe('session');
    expect(() => poolerMode('statement')).toThrow(/transaction, session or none/);
  });

  it('listens on the database URL directly, and asks for a direct URL behind a transaction pooler', () => {
    expect(listenUrl('postgres://db/app', {})).toBe('postgres://db/app');
    expect(listenUrl('postgres://bouncer/app', { DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: 'postgres://db/app' })).toBe('postgres://db/app');
    expect(() => listenUrl('postgres://bouncer/app', { DATABASE_POOLER: 'transaction' })).toThrow(/DATABASE_LISTEN_URL/);
  });
});
