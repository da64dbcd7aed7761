/**
 * Two worker processes (ROLE=worker) with S3 configured, on a database of their own (they sync
 * every enabled account they find): a mail's attachment reaches the object store, not a local
 * folder, and the account's sync runs once across the workers: one mail row, one stored object,
 * no queued job run twice or failed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/kysely';
import { brandDb, type RootDb } from '../db/types';
import { S3FileStore } from '../files/s3Store';
import { s3SettingsFor, startS3rver, storedKeys, type LocalS3 } from '../files/s3TestKit';
import { brandSchema } from '../jobs/testKit';
import { BOSS_SCHEMA } from '../mail/queue/workers';
import { initMailSecrets } from '../mail/secrets';
import { attachmentDb } from '../mail/sync/attachmentTables';
import { createTestAccount, withMailbox } from '../mail/sync/testMailbox';
import { mailDb } from '../mail/tables';
import { startDovecot, type Dovecot } from '../test/dovecot';
import { ownDatabase, type OwnDatabase } from './ownDatabase';
import { startProcess, type ServerProcess } from './testKit';

const CSV = 'meter,kwh\nA,12\nB,40\n';

let own: OwnDatabase;
let db: RootDb;
let schema: string;
let dovecot: Dovecot;
let s3: LocalS3;
let bucket: S3FileStore;
let keyDir: string;
let accountId: number;
let messageId: string;
const workers: ServerProcess[] = [];

/** A mail with one CSV attachment, as an office receives meter readings. */
function mailWithAttachment(id: string): string {
  return [
    'From: Client <client@example.com>',
    'To: office@example.com',
    'Subject: Meter readings',
    `Message-ID: ${id}`,
    `Date: ${new Date(Date.UTC(2026, 10, 2, 9, 0)).toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Readings attached.',
    '--b1',
    'Content-Type: text/csv; name="readings.csv"',
    'Content-Disposition: attachment; filename="readings.csv"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(CSV).toString('base64'),
    '--b1--',
    '',
  ].join('\r\n');
}

beforeAll(async () => {
  [own, dovecot, s3] = await Promise.all([ownDatabase(), startDovecot(), startS3rver()]);
  db = createDb(own.url, 2);
  schema = await brandSchema(db);
  // The workers must read the mail server password this file encrypts: one key for both.
  keyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-key-'));
  initMailSecrets(keyDir);
  const secretKey = (await fs.readFile(path.join(keyDir, 'mail-secret.key'), 'utf8')).trim();
  const bucketName = `workers-${randomBytes(4).toString('hex')}`;
  bucket = new S3FileStore(s3SettingsFor(s3.endpoint, bucketName), path.join(keyDir, 'staging'));
  await bucket.client.send(new CreateBucketCommand({ Bucket: bucketName }));

  const user = `readings-${randomBytes(3).toString('hex')}@test.example`;
  accountId = await createTestAccount(mailDb(brandDb(db, schema)), dovecot, user, 'pw-readings');
  messageId = `<readings.${Date.now()}@test.example>`;
  await withMailbox(dovecot, user, 'pw-readings', (c) => c.append('INBOX', mailWithAttachment(messageId)));

  const env = {
    ...own.env,
    ROLE: 'worker',
    MAIL_SYNC_INTERVAL_S: '3600',
    MAIL_SECRET_KEY: secretKey,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: bucketName,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  };
  // Both start at once: each one's first tick asks for a sync of every enabled account.
  workers.push(...(await Promise.all([startProcess(env), startProcess(env)])));
}, 240_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await db?.destroy();
  await own?.close();
  await dovecot?.stop();
  await s3?.close();
  if (keyDir) await fs.rm(keyDir, { recursive: true, force: true });
});

/** The attachment rows of the synced mail, once the sync has stored them. */
async function syncedAttachment(): Promise<{ maId: number; storageNames: string[] }> {
  const adb = attachmentDb(mailDb(brandDb(db, schema)));
  const until = Date.now() + 60_000;
  for (;;) {
    const rows = await adb
      .selectFrom('mails as m')
      .innerJoin('mail_attachments as a', 'a.ma_id', 'm.ma_id')
      .innerJoin('files as f', 'f.file_id', 'a.file_id')
      .select(['m.ma_id', 'f.f_storage_name'])
      .where('m.mailaccount_id', '=', accountId)
      .where('m.message_id', '=', messageId)
      .execute();
    if (rows.length) return { maId: Number(rows[0].ma_id), storageNames: rows.map((r) => r.f_storage_name) };
    if (Date.now() > until) throw new Error(`the workers did not sync the mail within 60 s:\n${workers.map((w) => w.output()).join('\n')}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('mail sync in worker processes with S3 configured', () => {
  it("stores the mail's attachment in the S3 bucket", async () => {
    const { storageNames } = await syncedAttachment();
    expect(storageNames).toHaveLength(1);
    const keys = await storedKeys(bucket);
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^${schema}/\\d{6}/${storageNames[0]}$`))]);
    const stored = await bucket.open(keys[0]);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe(CSV);
  });

  it('runs the sync once across the workers: one mail, one stored object, no job run twice', async () => {
    await syncedAttachment();
    // Time for a second job (the other worker's first tick) to run too, if it was queued.
    await new Promise((r) => setTimeout(r, 3000));
    const mails = await mailDb(brandDb(db, schema)).selectFrom('mails').select('ma_id').where('message_id', '=', messageId).execute();
    expect(mails).toHaveLength(1);
    expect(await storedKeys(bucket)).toHaveLength(1);
    const { rows: jobs } = await sql<{ state: string; retry_count: number }>`
      select state, retry_count from ${sql.table(`${BOSS_SCHEMA}.job`)} where singleton_key = ${`${schema}:${accountId}`}`.execute(db);
    // Each job ran at most once and none failed; one may still wait (a busy account's retry, a change seen by IDLE).
    expect(jobs.filter((j) => j.state === 'completed')).not.toEqual([]);
    expect(jobs.filter((j) => j.retry_count !== 0 || ['retry', 'failed'].includes(j.state))).toEqual([]);
    expect(workers.every((w) => w.alive())).toBe(true);
  });
});
