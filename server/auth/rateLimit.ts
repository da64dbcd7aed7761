/**
 * Failed-login throttling kept in global.login_attempts, so it holds across restarts and across
 * several server processes. Limits apply per account (brand + email) and per client address.
 */
import { sql } from 'kysely';
import { globalDb, type RootDb } from '../db/types';

export const WINDOW_MINUTES = 15;
export const MAX_PER_ACCOUNT = 5;
export const MAX_PER_IP = 20;

export function accountKey(schema: string, email: string): string {
  return `acct:${schema}:${email}`;
}

export function ipKey(ip: string): string {
  return `ip:${ip}`;
}

/** True when either key has used up its failures in the window. */
export async function isLocked(root: RootDb, account: string, ip: string): Promise<boolean> {
  const row = await globalDb(root)
    .selectFrom('login_attempts')
    .select([
      sql<number>`count(*) filter (where key = ${account})`.as('account'),
      sql<number>`count(*) filter (where key = ${ip})`.as('ip'),
    ])
    .where('key', 'in', [account, ip])
    .where('attempted_at', '>', sql<Date>`now() - make_interval(mins => ${WINDOW_MINUTES})`)
    .executeTakeFirstOrThrow();
  return Number(row.account) >= MAX_PER_ACCOUNT || Number(row.ip) >= MAX_PER_IP;
}

export async function recordFailure(root: RootDb, account: string, ip: string): Promise<void> {
  const g = globalDb(root);
  await g.insertInto('login_attempts').values([{ key: account }, { key: ip }]).execute();
  // Old rows never matter again; trimming now and then keeps the table small without a cron.
  if (Math.random() < 0.05) await g.deleteFrom('login_attempts').where('attempted_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

/** A successful login forgives the account's failures (not the address's). */
export async function clearAccount(root: RootDb, account: string): Promise<void> {
  await globalDb(root).deleteFrom('login_attempts').where('key', '=', account).execute();
}
