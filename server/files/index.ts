/**
 * Files and documents: the files group (SPEC.md point 7 Files) and a job's document writes. The
 * bytes live in a FileStore (a folder under DATA_DIR unless the app is given another root).
 */
import type { FastifyInstance } from 'fastify';
import { registerJobDocumentRoutes, registerJobDocumentUploads } from './jobRoutes';
import { withMultipart } from './multipartScope';
import { registerFileUpload, registerFilesGroup } from './routes';
import { defaultFilesRoot, LocalFileStore, type FileStore } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where file bytes live; other areas (portals, mail attachments) store and send files through it. */
    fileStore: FileStore;
  }
}

export interface FileRouteOptions {
  /** Folder for the bytes; default `${DATA_DIR:-./data}/files`. */
  root?: string;
  /** Another store (e.g. an object store); wins over `root`. */
  store?: FileStore;
}

export async function registerFileRoutes(app: FastifyInstance, opts: FileRouteOptions = {}): Promise<void> {
  const store = opts.store ?? new LocalFileStore(opts.root ?? defaultFilesRoot());
  app.decorate('fileStore', store);
  registerFilesGroup(app, store);
  registerJobDocumentRoutes(app, store);
  // Limits are set per request from the brand's maxUploadSizeMB (server/files/upload.ts).
  withMultipart(app, (scope) => {
    registerFileUpload(scope, store);
    registerJobDocumentUploads(scope, store);
  });
}
