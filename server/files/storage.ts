/**
 * Where file bytes live, behind one small interface. Keys are made here only (brand schema, month,
 * random id, optional thumbnail size), never from what a client sent, so a file name can never
 * become a path and one brand's keys can never name another brand's objects.
 *
 * An upload is first written to a local staging file (it must be read for its type and resized
 * anyway); `put` then takes that file over. The local store renames it into place; an object store
 * would upload it and delete the staging file, with the same keys as object names.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

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

const STALE_STAGING_MS = 60 * 60 * 1000;
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

/** Files in a folder on this machine (by default `${DATA_DIR:-./data}/files`). */
export class LocalFileStore implements FileStore {
  private readonly root: string;
  private readonly staging: string;
  private ready: Promise<void> | null = null;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.staging = path.join(this.root, '.staging');
  }

  /**
   * Creates the root and staging folders on first use (an app that never stores a file leaves no
   * folder behind). Staging files an earlier process left (it stopped mid-upload) are removed once
   * they are an hour old; younger ones may belong to another process on the same folder.
   */
  private ensure(): Promise<void> {
    this.ready ??= this.prepare().catch((err) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  private async prepare(): Promise<void> {
    await fs.mkdir(this.staging, { recursive: true });
    const cutoff = Date.now() - STALE_STAGING_MS;
    for (const name of await fs.readdir(this.staging)) {
      const file = path.join(this.staging, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < cutoff) await fs.rm(file, { force: true }).catch(() => undefined);
    }
  }

  private pathOf(key: string): string {
    // Keys are built above; this check stays as the last line of defence against a path escape.
    if (!KEY.test(key)) throw new Error(`Invalid storage key '${key}'`);
    return path.join(this.root, key);
  }

  async stagingPath(): Promise<string> {
    await this.ensure();
    return path.join(this.staging, randomUUID());
  }

  async put(key: string, stagedPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Same file system (staging is under the root): the rename is atomic, so a reader never sees half a file.
    await fs.rename(stagedPath, target);
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
