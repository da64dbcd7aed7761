/**
 * Files in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Garage; s3rver in tests),
 * with the same keys as the local folder's paths: `site_3/202611/<name>`, so a brand's objects sit
 * under its schema's prefix and one brand's keys can never name another's. Bytes stream both ways:
 * an upload goes up from its staging file in parts (lib-storage's Upload holds at most a few parts
 * in memory), a download is the object's body passed on as it arrives.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { unavailable } from '../envelope/errors';
import { StagingFolder } from './staging';
import { assertKey, type ListedObject, type ObjectStore, type StoredObject } from './storage';

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Parts of 8 MiB, two at a time: at most about 16 MiB per upload in memory, whatever the file's size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** S3 deletes at most 1000 keys per request. */
const DELETE_BATCH = 1000;

/**
 * The store cannot be reached or answers with a server fault: the request gets a 503 with the
 * envelope's "try again" message instead of a 500, and nothing was recorded (uploads write their
 * rows only after every object is stored).
 */
function storeFault(err: unknown): unknown {
  if (err instanceof S3ServiceException) return (err.$metadata.httpStatusCode ?? 500) >= 500 ? unavailable() : err;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const name = (err as Error | null)?.name;
  if (code && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE)$/.test(code)) return unavailable();
  if (name === 'TimeoutError' || name === 'AbortError') return unavailable();
  return err;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw storeFault(err);
  }
}

export class S3FileStore implements ObjectStore {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly staging: StagingFolder;

  constructor(settings: S3Settings, stagingDir: string) {
    this.bucket = settings.bucket;
    this.staging = new StagingFolder(stagingDir);
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // An unreachable store should fail an upload in seconds, not hang it for the socket's minutes.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3000, requestTimeout: 60_000 },
    });
  }

  stagingPath(): Promise<string> {
    return this.staging.newPath();
  }

  async put(key: string, stagedPath: string): Promise<void> {
    await this.write(key, createReadStream(stagedPath));
    await fs.rm(stagedPath, { force: true });
  }

  async write(key: string, body: Readable): Promise<void> {
    assertKey(key);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // A failed multipart upload is aborted, so no half-object and no parts are left billed.
      leavePartsOnError: false,
    });
    try {
      await guarded(() => upload.done());
    } finally {
      body.destroy();
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(res.ContentLength ?? 0), stream: res.Body as Readable };
    } catch (err) {
      if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return null;
      throw storeFault(err);
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    keys.forEach(assertKey);
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      // Deleting a key that does not exist succeeds in S3, as `remove` promises.
      await guarded(() => this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } })));
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await guarded(() => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token })));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: Number(o.Size ?? 0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
