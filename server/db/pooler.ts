/**
 * DATABASE_POOLER: what stands between the processes and PostgreSQL. `transaction` (PgBouncer's
 * transaction mode, e.g. Debian's 1.18) hands each transaction to any server connection, so
 * nothing may rely on a session: no prepared (named) statements, no startup `options` (PgBouncer
 * refuses them), no LISTEN (the listening connection takes DATABASE_LISTEN_URL, direct). The time
 * zone is SET once per client connection instead: PgBouncer tracks TimeZone and sets it on every
 * server connection it lends that client. `session` or unset: a session is a connection, as direct.
 */
export type PoolerMode = 'transaction' | 'session' | 'none';

export function poolerMode(value: string | undefined): PoolerMode {
  if (value === undefined || value === '' || value === 'none') return 'none';
  if (value === 'transaction' || value === 'session') return value;
  throw new Error(`DATABASE_POOLER must be transaction, session or none (got "${value}")`);
}

/** Where the live update listener LISTENs: never through a transaction pooler. */
export function listenUrl(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.DATABASE_LISTEN_URL) return env.DATABASE_LISTEN_URL;
  if (poolerMode(env.DATABASE_POOLER) === 'transaction') {
    throw new Error('DATABASE_POOLER=transaction: set DATABASE_LISTEN_URL to a direct PostgreSQL URL (LISTEN does not work through a transaction pooler)');
  }
  return databaseUrl;
}

/** Named (prepared) statements live in a session: behind a transaction pooler every statement goes unnamed. */
export const namedStatementsAllowed = (): boolean => poolerMode(process.env.DATABASE_POOLER) !== 'transaction';
