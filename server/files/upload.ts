/**
 * Multipart uploads (API.md: files in fields named `file`, other values as plain fields). Each file
 * streams to a staging file while its bytes are counted; over the brand's `maxUploadSizeMB` (all
 * files of the request together) the request is refused with 413 and every staged byte is deleted.
 * Only when every file is read, typed and thumbnailed are they moved into storage and recorded in
 * one transaction, so a failure leaves neither half a file nor a row without bytes.
 */
import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { bytesOfMB, neutraliseFileName } from '../../core/files/rules';
import type { FileGroup } from '../../core/files/types';
import { AppError, invalidField, tooLarge } from '../envelope/errors';
import { detectType } from './detect';
import { isThumbnailable, processImage } from './images';
import { newStorageName, originalKey, thumbKey, type FileStore } from './storage';
import { fileDb, type FileDb } from './tables';

export interface StagedFile {
  name: string;
  path: string;
  size: number;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: StagedFile[];
}

const MAX_FILES = 50;
/** Room for the multipart boundaries and plain fields beside the files. */
const ENVELOPE_BYTES = 256 * 1024;

function counter(limit: number, total: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      total.bytes += chunk.length;
      if (total.bytes > limit) done(tooLarge());
      else done(null, chunk);
    },
  });
}

/**
 * What a failed read of a multipart body means for the client: a limit (413), or a body that is
 * not well-formed multipart (busboy's 'Unexpected end of form', 'Malformed part header', a missing
 * boundary; @fastify/multipart's 4xx errors): 400. A system error (ENOSPC writing the staging
 * file) is the server's and stays a fault.
 */
export function multipartFault(err: unknown): AppError | null {
  const { statusCode, code } = err as { statusCode?: number; code?: string };
  if (statusCode === 413) return tooLarge();
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return invalidField('file');
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return null;
  return invalidField('file');
}

async function removeQuietly(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((p) => fs.rm(p, { force: true }).catch(() => undefined)));
}

/** Reads the whole multipart body into staging files; nothing is kept when it fails. */
export async function receiveUpload(req: FastifyRequest, store: FileStore): Promise<ReceivedUpload> {
  if (!req.isMultipart()) throw invalidField('file');
  const limit = bytesOfMB(req.brand?.config.maxUploadSizeMB ?? 0);
  // A declared length far over the limit is refused before a byte is read.
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit + ENVELOPE_BYTES) throw tooLarge();

  const fields: Record<string, string> = {};
  const files: StagedFile[] = [];
  const total = { bytes: 0 };
  try {
    const parts = req.parts({ limits: { fileSize: limit + 1, files: MAX_FILES, fields: 30, fieldSize: 10_000, parts: MAX_FILES + 30 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw invalidField(part.fieldname);
      }
      const staged: StagedFile = { name: neutraliseFileName(part.filename), path: await store.stagingPath(), size: 0 };
      files.push(staged);
      const before = total.bytes;
      await pipeline(part.file, counter(limit, total), createWriteStream(staged.path, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge();
      staged.size = total.bytes - before;
    }
  } catch (err) {
    await removeQuietly(files.map((f) => f.path));
    if (err instanceof AppError) throw err;
    throw multipartFault(err) ?? err;
  }
  if (!files.length) throw invalidField('file', 'validation.required');
  return { fields, files };
}

interface Prepared {
  staged: StagedFile;
  storageName: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  thumbs: { size: number; path: string }[];
}

export interface StoreOptions {
  group: FileGroup;
  note?: string | null;
  skipResize: boolean;
  jobId?: number | null;
  jsId?: number | null;
  visibleToClient?: boolean;
  /**
   * Runs in the transaction that records the files, with their new ids (e.g. the engineer portal's
   * idempotency keys): a throw there stores nothing, bytes included.
   */
  recorded?: (trx: FileDb, ids: number[]) => Promise<void>;
}

async function prepare(req: FastifyRequest, store: FileStore, staged: StagedFile, skipResize: boolean): Promise<Prepared> {
  const type = await detectType(staged.path, staged.name);
  if (!type) throw invalidField('file');
  const images = req.brand!.config.images;
  const prepared: Prepared = { staged, storageName: newStorageName(type.ext), mime: type.mime, size: staged.size, width: null, height: null, thumbs: [] };
  if (!isThumbnailable(type.ext, images)) return prepared;
  try {
    const image = await processImage(staged.path, type.ext!, images, skipResize, () => store.stagingPath());
    return { ...prepared, size: image.resizedSize ?? staged.size, width: image.width, height: image.height, thumbs: image.thumbs };
  } catch {
    // The signature said image but sharp cannot read it: a broken or crafted file.
    throw invalidField('file');
  }
}

/**
 * Types, resizes and thumbnails the staged files, moves them into storage and records them (with
 * their job or site link) in one transaction. Returns the new file ids in upload order.
 */
export async function storeUploads(req: FastifyRequest, store: FileStore, upload: ReceivedUpload, opts: StoreOptions): Promise<number[]> {
  const schema = req.brand!.schema;
  const prepared: Prepared[] = [];
  const stored: string[] = [];
  try {
    for (const staged of upload.files) prepared.push(await prepare(req, store, staged, opts.skipResize));
    const added = new Date();
    for (const p of prepared) {
      const key = originalKey(schema, added, p.storageName);
      await store.put(key, p.staged.path);
      stored.push(key);
      for (const t of p.thumbs) {
        await store.put(thumbKey(key, t.size), t.path);
        stored.push(thumbKey(key, t.size));
      }
    }
    return await fileDb(req.db)
      .transaction()
      .execute(async (trx) => {
        const ids: number[] = [];
        for (const p of prepared) {
          const row = await trx
            .insertInto('files')
            .values({
              f_grp_id: opts.group,
              f_name: p.staged.name,
              f_storage_name: p.storageName,
              f_size: p.size,
              f_type: p.mime,
              f_thumbs: p.thumbs.map((t) => t.size),
              f_width: p.width,
              f_height: p.height,
              f_note: opts.note ?? null,
              f_added: added,
              f_added_by: req.user?.us_id ?? null,
            })
            .returning('file_id')
            .executeTakeFirstOrThrow();
          ids.push(row.file_id);
          if (opts.jobId) {
            await trx
              .insertInto('file_job_links')
              .values({ file_id: row.file_id, job_id: opts.jobId, fxj_visible_to_client: opts.visibleToClient ?? false })
              .execute();
          }
          if (opts.jsId) await trx.insertInto('file_site_links').values({ file_id: row.file_id, js_id: opts.jsId }).execute();
        }
        await opts.recorded?.(trx, ids);
        return ids;
      });
  } catch (err) {
    await store.remove(stored).catch(() => undefined);
    throw err;
  } finally {
    await removeQuietly([...upload.files.map((f) => f.path), ...prepared.flatMap((p) => p.thumbs.map((t) => t.path))]);
  }
}
