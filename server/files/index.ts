/**
 * Files and documents: the files group (SPEC.md point 7 Files) and a job's document writes. The
 * bytes live in a FileStore: the one given, a folder given, else the configured one (storeConfig.ts).
 */
import type { FastifyInstance } from 'fastify';
import { registerJobDocumentRoutes, registerJobDocumentUploads } from './jobRoutes';
import { withMultipart } from './multipartScope';
import { registerFileUpload, registerFilesGroup } from './routes';
import { LocalFileStore, type FileStore } from './storage';
import { fileStoreFromEnv } from './storeConfig';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where file bytes live; other areas (portals, mail attachments) store and send files through it. */
    fileStore: FileStore;
  }
}

export interface FileRouteOptions {
  /** Folder for the bytes; default the configured store (S3_BUCKET, else `${DATA_DIR:-./data}/files`). */
  root?: string;
  /** Another store (e.g. an object store); wins over `root`. */
  store?: FileStore;
}

export async function registerFileRoutes(app: FastifyInstance, opts: FileRouteOptions = {}): Promise<void> {
  // No store and no folder given: the one the environment configures, as start.ts and the mail sync use.
  const store = opts.store ?? (opts.root ? new LocalFileStore(opts.root) : fileStoreFromEnv().store);
  app.decorate('fileStore', store);
  registerFilesGroup(app, store);
  registerJobDocumentRoutes(app, store);
  // Limits are set per request from the brand's maxUploadSizeMB (server/files/upload.ts).
  withMultipart(app, (scope) => {
    registerFileUpload(scope, store);
    registerJobDocumentUploads(scope, store);
  });
}
