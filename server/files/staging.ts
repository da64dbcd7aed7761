/**
 * The local folder an upload is staged in before a store takes it over (it must be read for its
 * type and resized anyway). Made on first use, so an app that never stores a file leaves no folder.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const STALE_STAGING_MS = 60 * 60 * 1000;

export class StagingFolder {
  private ready: Promise<void> | null = null;

  constructor(readonly dir: string) {}

  /**
   * Staging files an earlier process left (it stopped mid-upload) are removed once they are an hour
   * old; younger ones may belong to another process on the same folder.
   */
  private ensure(): Promise<void> {
    this.ready ??= this.prepare().catch((err) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  private async prepare(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const cutoff = Date.now() - STALE_STAGING_MS;
    for (const name of await fs.readdir(this.dir)) {
      const file = path.join(this.dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < cutoff) await fs.rm(file, { force: true }).catch(() => undefined);
    }
  }

  async newPath(): Promise<string> {
    await this.ensure();
    return path.join(this.dir, randomUUID());
  }
}
