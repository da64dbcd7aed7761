/**
 * s3rver for the tests and the bench: a local S3-compatible server on a loopback port with its
 * objects in a temp folder, and stores on fresh buckets of it. `TEST_FILE_STORE=s3` makes the
 * server tests' apps store their files there instead of a folder (server/test/globalSetup.ts
 * starts one s3rver for the run and gives its address in TEST_S3_ENDPOINT).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { S3FileStore, type S3Settings } from './s3Store';

export interface LocalS3 {
  endpoint: string;
  port: number;
  close: () => Promise<void>;
}

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3rver(port = 0, directory?: string): Promise<LocalS3> {
  const dir = directory ?? (await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-')));
  const server = new S3rver({ address: '127.0.0.1', port, directory: dir, silent: true });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: async () => {
      await server.close();
      if (!directory) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export function s3SettingsFor(endpoint: string, bucket: string): S3Settings {
  return { endpoint, bucket, region: 'us-east-1', forcePathStyle: true, ...CREDENTIALS };
}

/** A store on a new bucket of the server at `endpoint`, staging uploads in `stagingDir`. */
export async function s3StoreOnNewBucket(endpoint: string, stagingDir: string): Promise<S3FileStore> {
  const bucket = `test-${randomBytes(6).toString('hex')}`;
  const store = new S3FileStore(s3SettingsFor(endpoint, bucket), stagingDir);
  await store.client.send(new CreateBucketCommand({ Bucket: bucket }));
  return store;
}

/** With TEST_FILE_STORE=s3: the S3 store a test app gets instead of its files folder. */
export async function testFileStore(filesRoot: string | undefined): Promise<S3FileStore | undefined> {
  if (process.env.TEST_FILE_STORE !== 's3' || !filesRoot) return undefined;
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) throw new Error('TEST_FILE_STORE=s3 needs the s3rver that server/test/globalSetup.ts starts');
  // Staged under the files root, as the local store does, so the tests' staging checks still look there.
  return s3StoreOnNewBucket(endpoint, path.join(filesRoot, '.staging'));
}

/** Every key and size in a store, sorted: what the tests compare instead of a folder's tree. */
export async function storedKeys(store: { list(prefix: string): AsyncIterable<{ key: string }> }): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of store.list('')) keys.push(o.key);
  return keys.sort();
}
