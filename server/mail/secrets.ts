/**
 * Mail server passwords at rest: AES-256-GCM with a key from the environment (MAIL_SECRET_KEY,
 * 32 bytes as base64 or hex). Without it, a key is generated once into the data folder, so a
 * fresh install works and a copied database alone does not reveal the passwords. Stored values
 * look like `enc:v1:<iv>:<tag>:<data>`; a value without that prefix is read as written (rows
 * saved before encryption) and encrypted at the next start (admin/plainPasswords.ts) or save.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The start of an encrypted value; anything else is a password stored before encryption. */
export const ENCRYPTED_PREFIX = 'enc:v1:';
const PREFIX = ENCRYPTED_PREFIX;
let key: Buffer | null = null;

function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const buf = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (buf.length !== 32) throw new Error('MAIL_SECRET_KEY must be 32 bytes (64 hex characters or base64)');
  return buf;
}

/** Sets the key: from MAIL_SECRET_KEY, else from (or into) `<dataDir>/mail-secret.key`. */
export function initMailSecrets(dataDir: string | null): void {
  const fromEnv = process.env.MAIL_SECRET_KEY;
  if (fromEnv) {
    key = parseKey(fromEnv);
    return;
  }
  if (!dataDir) {
    key = randomBytes(32);
    return;
  }
  const file = path.join(dataDir, 'mail-secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  key = parseKey(fs.readFileSync(file, 'utf8'));
}

function currentKey(): Buffer {
  if (!key) initMailSecrets(null);
  return key!;
}

export function encryptSecret(plain: string | null | undefined): string | null {
  if (plain === null || plain === undefined || plain === '') return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${data.toString('base64')}`;
}

export function decryptSecret(stored: string | null | undefined): string | null {
  if (!stored) return null;
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, tag, data] = stored.slice(PREFIX.length).split(':');
  const decipher = createDecipheriv('aes-256-gcm', currentKey(), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
