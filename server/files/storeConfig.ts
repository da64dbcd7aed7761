/**
 * Which file store the server uses, from its environment (start.ts and the copy command read it
 * here): the S3 store when S3_BUCKET is set, else the folder `${DATA_DIR:-./data}/files`.
 */
import path from 'node:path';
import { S3FileStore, type S3Settings } from './s3Store';
import { defaultFilesRoot, LocalFileStore, type ObjectStore } from './storage';

export function s3SettingsFromEnv(env: NodeJS.ProcessEnv = process.env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  return {
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || undefined,
    // MinIO, Garage and s3rver answer on one host name; AWS and R2 take the bucket as a subdomain too.
    forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE?.trim() ?? ''),
  };
}

/** Uploads are still staged on this machine (they are typed and resized there) before going up. */
export function s3StagingDir(): string {
  return path.join(defaultFilesRoot(), '.staging');
}

export function fileStoreFromEnv(env: NodeJS.ProcessEnv = process.env): { store: ObjectStore; description: string } {
  const s3 = s3SettingsFromEnv(env);
  if (s3) return { store: new S3FileStore(s3, s3StagingDir()), description: `S3 bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}` };
  const root = defaultFilesRoot();
  return { store: new LocalFileStore(root), description: `folder ${path.resolve(root)}` };
}
