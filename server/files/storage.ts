/**
 * Where file bytes live, behind one small interface. Keys are made here only (brand schema, month,
 * random id, optional thumbnail size), never from what a client sent, so a file name can never
 * become a path and one brand's keys can never name another brand's objects.
 *
 * An upload is first written to a local staging file (it must be read for its type and resized
 * anyway); `put` then takes that file over. The local store renames it into place; the S3 store
 * (s3Store.ts) streams it up and deletes the staging file, with the same keys as object names.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StagingFolder } from './staging';

export interface StoredObject {
  size: number;
  stream: Readable;
}

export interface FileStore {
  /** A new local path to stage an upload in (deleted by the caller, or taken over by `put`). */
  stagingPath(): Promise<string>;
  /** Moves the staged file to `key`; the staging file is gone afterwards. */
  put(key: string, stagedPath: string): Promise<void>;
  /** The object's bytes, or null when there is none under that key. */
  open(key: string): Promise<StoredObject | null>;
  /** Removes the objects; keys that do not exist are ignored. */
  remove(keys: readonly string[]): Promise<void>;
}

const STORAGE_NAME = /^[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;
const KEY = /^site_[0-9]+\/[0-9]{6}\/[0-9a-f]{32}(\.[a-z0-9]{1,10})?(\.t[0-9]{1,5}\.[a-z]{3,4})?$/;

/** A fresh storage name: 32 random hex digits plus the extension the content was detected as. */
export function newStorageName(ext: string | null): string {
  const safeExt = ext && /^[a-z0-9]{1,10}$/.test(ext) ? `.${ext}` : '';
  return `${randomUUID().replaceAll('-', '')}${safeExt}`;
}

export function isStorageName(name: string): boolean {
  return STORAGE_NAME.test(name);
}

/** `site_3/202611/<name>`: the brand's folder, then the month the file was added (keeps folders small). */
export function originalKey(schema: string, added: Date, storageName: string): string {
  const month = `${added.getUTCFullYear()}${String(added.getUTCMonth() + 1).padStart(2, '0')}`;
  const key = `${schema}/${month}/${storageName}`;
  if (!KEY.test(key)) throw new Error(`Refusing to build storage key '${key}'`);
  return key;
}

/** Thumbnails sit beside their original: `<original key>.t400.webp`. */
export function thumbKey(original: string, size: number): string {
  const key = `${original}.t${size}.webp`;
  if (!KEY.test(key)) throw new Error(`Refusing to build storage key '${key}'`);
  return key;
}

/** A stored object's key and size, as a listing gives them. */
export interface ListedObject {
  key: string;
  size: number;
}

/** A store that can also take a stream and list its keys: what copying a brand between stores needs. */
export interface ObjectStore extends FileStore {
  /** Stores the stream's bytes under `key` (replacing what was there). */
  write(key: string, body: Readable): Promise<void>;
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): AsyncIterable<ListedObject>;
}

export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Invalid storage key '${key}'`);
}

/** Files in a folder on this machine (by default `${DATA_DIR:-./data}/files`). */
export class LocalFileStore implements ObjectStore {
  private readonly root: string;
  private readonly staging: StagingFolder;

  constructor(root: string) {
    this.root = path.resolve(root);
    // Under the root, so the rename in `put` stays on one file system.
    this.staging = new StagingFolder(path.join(this.root, '.staging'));
  }

  private pathOf(key: string): string {
    // Keys are built above; this check stays as the last line of defence against a path escape.
    assertKey(key);
    return path.join(this.root, key);
  }

  stagingPath(): Promise<string> {
    return this.staging.newPath();
  }

  async put(key: string, stagedPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Same file system (staging is under the root): the rename is atomic, so a reader never sees half a file.
    await fs.rename(stagedPath, target);
  }

  async write(key: string, body: Readable): Promise<void> {
    this.pathOf(key);
    const staged = await this.stagingPath();
    try {
      await pipeline(body, createWriteStream(staged));
      await this.put(key, staged);
    } finally {
      await fs.rm(staged, { force: true });
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const e of entries) {
      if (!e.isFile()) continue;
      const key = path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join('/');
      if (!key.startsWith(prefix) || !KEY.test(key)) continue;
      const stat = await fs.stat(path.join(this.root, key)).catch(() => null);
      if (stat) yield { key, size: stat.size };
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) return null;
      return { size: stat.size, stream: createReadStream(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((k) => fs.rm(this.pathOf(k), { force: true })));
  }
}

/** The default root: the files folder beside the embedded database. */
export function defaultFilesRoot(): string {
  return path.join(process.env.DATA_DIR ?? './data', 'files');
}
