/**
 * Deleting files: the rows go in one transaction (their job and site links with them, by
 * cascade), the bytes after it commits. A crash between the two leaves unreferenced bytes at
 * worst, never a row pointing at nothing.
 */
import type { FastifyRequest } from 'fastify';
import { invalidField } from '../envelope/errors';
import { originalKey, thumbKey, type FileStore } from './storage';
import { fileDb, type FileDb } from './tables';

export interface RemovedFile {
  file_id: number;
  f_storage_name: string;
  f_added: Date;
  f_thumbs: number[];
}

/** `file_ids=1,2,3` (or the parameter repeated): at least one, every one a positive integer. */
export function parseIdList(value: unknown, field = 'file_ids'): number[] {
  const parts = (Array.isArray(value) ? value : [value])
    .flatMap((v) => String(v ?? '').split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.length) throw invalidField(field, 'validation.required');
  const ids = parts.map((p) => (/^\d{1,10}$/.test(p) ? Number(p) : NaN));
  if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2147483647) || ids.length > 500) throw invalidField(field);
  return [...new Set(ids)];
}

export async function deleteFileRows(db: FileDb, ids: readonly number[]): Promise<RemovedFile[]> {
  if (!ids.length) return [];
  return db.deleteFrom('files').where('file_id', 'in', ids).returning(['file_id', 'f_storage_name', 'f_added', 'f_thumbs']).execute();
}

export async function removeBytes(req: FastifyRequest, store: FileStore, removed: readonly RemovedFile[]): Promise<void> {
  const schema = req.brand!.schema;
  const keys = removed.flatMap((r) => {
    const key = originalKey(schema, r.f_added, r.f_storage_name);
    return [key, ...r.f_thumbs.map((s) => thumbKey(key, s))];
  });
  try {
    await store.remove(keys);
  } catch (err) {
    req.log.warn({ err }, 'file bytes could not be removed after their rows were deleted');
  }
}

/** Deletes the brand's files with these ids; ids of no file are ignored. Returns the ids deleted. */
export async function deleteFiles(req: FastifyRequest, store: FileStore, ids: readonly number[]): Promise<number[]> {
  const removed = await fileDb(req.db)
    .transaction()
    .execute((trx) => deleteFileRows(trx, ids));
  await removeBytes(req, store, removed);
  return removed.map((r) => r.file_id);
}
