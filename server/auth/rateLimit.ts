/**
 * Attempt counting kept in global.login_attempts (one row per counted attempt and key), so limits
 * hold across restarts and across several server processes.
 *
 * Login failures count under four keys, and refuse (429) only a browser that has not signed in to
 * the account before:
 * - the account and the client address together (PAIR_MAX): a guesser is stopped without locking
 *   the owner, who signs in from another address;
 * - the account from any address (ACCOUNT_MAX), against guessing spread over many addresses;
 * - the address against any account (ADDRESS_MAX), against one address trying many accounts;
 * - the device cookie (DEVICE_MAX), so a known browser cannot be used to guess without limit.
 * A browser with a device cookie that signed in to this account before (global.login_devices) is
 * slowed down by SLOWDOWN_MS instead of refused while a limit is reached: knowing an account's
 * address and failing on purpose no longer keeps its owner out.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { globalDb, type RootDb } from '../db/types';
import { rateLimited } from '../envelope/errors';
import { hashToken } from './sessions';

export const WINDOW_MINUTES = 15;
export const PAIR_MAX = 5;
export const ACCOUNT_MAX = 50;
export const ADDRESS_MAX = 100;
export const DEVICE_MAX = 10;
/** How long a known browser waits, while a limit is reached, before its password is checked. */
export const SLOWDOWN_MS = 2000;
/** A device cookie counts as "signed in before" for this long after its last sign-in. */
export const DEVICE_DAYS = 180;

export function accountKey(schema: string, email: string): string {
  return `acct:${schema}:${email}`;
}

export function ipKey(ip: string): string {
  return `ip:${ip}`;
}

export function pairKey(account: string, ip: string): string {
  return `pair:${account}|${ip}`;
}

export function deviceKey(tokenHash: string): string {
  return `dev:${tokenHash}`;
}

/** Attempts per key within the window. */
export async function countRecent(root: RootDb, keys: string[], minutes = WINDOW_MINUTES): Promise<Map<string, number>> {
  const counts = new Map<string, number>(keys.map((k) => [k, 0]));
  if (!keys.length) return counts;
  const rows = await globalDb(root)
    .selectFrom('login_attempts')
    .select(['key', sql<string>`count(*)`.as('n')])
    .where('key', 'in', keys)
    .where('attempted_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .groupBy('key')
    .execute();
  for (const r of rows) counts.set(r.key, Number(r.n));
  return counts;
}

export async function record(root: RootDb, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const g = globalDb(root);
  await g
    .insertInto('login_attempts')
    .values(keys.map((key) => ({ key })))
    .execute();
  // Old rows never matter again; trimming now and then keeps the tables small without a cron.
  if (Math.random() < 0.05) {
    await g
      .deleteFrom('login_attempts')
      .where('attempted_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
    await g
      .deleteFrom('login_devices')
      .where('last_login_at', '<', sql<Date>`now() - make_interval(days => ${DEVICE_DAYS})`)
      .execute();
  }
}

export async function clearKeys(root: RootDb, keys: string[]): Promise<void> {
  if (keys.length) await globalDb(root).deleteFrom('login_attempts').where('key', 'in', keys).execute();
}

/**
 * For calls where every request counts (prelogin, register, reset requests): refuses with 429
 * when any key has had `max` requests in the window, otherwise counts this one.
 */
export async function throttle(root: RootDb, limits: Array<[key: string, max: number]>, minutes = WINDOW_MINUTES): Promise<void> {
  const counts = await countRecent(
    root,
    limits.map(([k]) => k),
    minutes,
  );
  if (limits.some(([k, max]) => (counts.get(k) ?? 0) >= max)) throw rateLimited();
  await record(
    root,
    limits.map(([k]) => k),
  );
}

export interface LoginCheck {
  /** Keys a failure of this attempt counts under. */
  failureKeys: string[];
  /** Keys a success of this attempt forgives. */
  successKeys: string[];
  /** The device cookie's hash when it is a browser that signed in to this account before. */
  knownDevice: string | null;
  /** The device cookie's hash, known or not. */
  deviceHash: string | null;
}

/**
 * Before the password is checked: refuses (429) an unknown browser over a limit, slows a known one
 * down. `deviceToken` is the browser's device cookie, if any.
 */
export async function checkLogin(root: RootDb, account: string, ip: string, deviceToken: string | undefined, sleep = delay): Promise<LoginCheck> {
  const deviceHash = deviceToken && deviceToken.length <= 200 ? hashToken(deviceToken) : null;
  const pair = pairKey(account, ip);
  const addr = ipKey(ip);
  const dev = deviceHash ? deviceKey(deviceHash) : null;
  const keys = [account, pair, addr, ...(dev ? [dev] : [])];
  const [counts, device] = await Promise.all([
    countRecent(root, keys),
    deviceHash
      ? globalDb(root)
          .selectFrom('login_devices')
          .select('account')
          .where('token_hash', '=', deviceHash)
          .where('account', '=', account)
          .where('last_login_at', '>', sql<Date>`now() - make_interval(days => ${DEVICE_DAYS})`)
          .executeTakeFirst()
      : undefined,
  ]);
  const known = !!device && device.account === account && (counts.get(dev!) ?? 0) < DEVICE_MAX;
  const over = (counts.get(pair) ?? 0) >= PAIR_MAX || (counts.get(account) ?? 0) >= ACCOUNT_MAX || (counts.get(addr) ?? 0) >= ADDRESS_MAX;
  if (over && !known) throw rateLimited();
  if (over) await sleep(SLOWDOWN_MS);
  return { failureKeys: keys, successKeys: [pair, ...(dev ? [dev] : [])], knownDevice: known ? deviceHash : null, deviceHash };
}

/**
 * After a successful sign-in: the address's failures on this account are forgiven (the account's
 * are not: a guesser elsewhere keeps counting), and the browser is remembered for this account.
 * Returns a new device cookie value when the browser needs one.
 */
export async function loginSucceeded(root: RootDb, account: string, check: LoginCheck): Promise<string | null> {
  await clearKeys(root, check.successKeys);
  const g = globalDb(root);
  // One cookie per browser, remembered for every account that signed in with it.
  const token = check.deviceHash ? null : randomBytes(32).toString('base64url');
  const tokenHash = check.deviceHash ?? hashToken(token!);
  await g
    .insertInto('login_devices')
    .values({ token_hash: tokenHash, account })
    .onConflict((oc) => oc.columns(['token_hash', 'account']).doUpdateSet({ last_login_at: sql<Date>`now()` }))
    .execute();
  return token;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
