/**
 * Build-time compression of the SPA (a Vite plugin, vite.config.ts): every text file of dist/ of
 * 1 KiB or more gets a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside it, which
 * @fastify/static serves as they are to a browser that accepts them (server/spa/static.ts,
 * `preCompressed`). The hashed assets are compressed once per build, at the highest levels, rather
 * than on every request; a copy that is not smaller than the file is not kept.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map|ico|xml)$/i;
export const PRECOMPRESS_MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file; returns how many files got copies. */
export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for await (const file of filesUnder(dir)) {
    if (!TEXT.test(file)) continue;
    const bytes = await readFile(file);
    if (bytes.length < PRECOMPRESS_MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzip(bytes, { level: 9 }),
    ]);
    let kept = false;
    for (const [ext, out] of [
      ['.br', br],
      ['.gz', gz],
    ] as const) {
      if (out.length < bytes.length) {
        await writeFile(file + ext, out);
        kept = true;
      } else await rm(file + ext, { force: true });
    }
    if (kept) count++;
  }
  return count;
}

/** The Vite plugin: after the bundle is written, compress what is in the output folder. */
export function precompressPlugin(): {
  name: string;
  apply: 'build';
  configResolved(config: { build: { outDir: string }; root: string }): void;
  closeBundle(): Promise<void>;
} {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
