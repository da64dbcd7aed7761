/**
 * Passwords arrive as the lowercase hex SHA-256 of what the user typed (API.md); we store only a
 * salted scrypt of that value, so a leaked table does not give a usable login.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Format: scrypt$N$r$p$salt(base64url)$hash(base64url). */
export async function hashPassword(clientHash: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(clientHash.toLowerCase(), salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(stored: string, clientHash: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await scrypt(clientHash.toLowerCase(), Buffer.from(saltText, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | null = null;
/** Verified against when the account does not exist, so both paths cost one scrypt. */
export function dummyHash(): Promise<string> {
  return (dummy ??= hashPassword(sha256Hex(randomBytes(16).toString('hex'))));
}
