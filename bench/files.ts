/**
 * BENCH_ONLY=files (and part of the full `npm run bench`): uploads 100 photos of 4000×3000 to the
 * real server, one per request from two clients at once, each resized on upload and thumbnailed in
 * the brand's sizes. Prints the time per photo and the server's peak memory after 20 and after 100
 * photos: the two must be about equal (memory does not grow with the number of files).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startServer, loginAsAdmin } from './serverProcess';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100);
const CHECKPOINT = 20;
const CLIENTS = 2;
const DISTINCT = 10;
const PHOTO_DIR = process.env.BENCH_PHOTO_DIR ?? path.join(os.tmpdir(), 'fieldops-bench-photos');

/** Ten distinct 4000×3000 JPEGs with photo-like detail (gradient plus grain), made once and kept (in the temp folder, or BENCH_PHOTO_DIR). */
async function photos(): Promise<Buffer[]> {
  mkdirSync(PHOTO_DIR, { recursive: true });
  const out: Buffer[] = [];
  for (let i = 0; i < DISTINCT; i++) {
    const file = path.join(PHOTO_DIR, `photo-${i}.jpg`);
    if (!existsSync(file)) {
      const grain = await sharp({
        create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120 + i * 5, sigma: 18 } },
      })
        .raw()
        .toBuffer();
      const gradient = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${i * 36},60%,35%)"/><stop offset="1" stop-color="hsl(${i * 36 + 120},50%,70%)"/></linearGradient></defs><rect width="4000" height="3000" fill="url(#g)"/></svg>`,
      );
      const jpeg = await sharp(grain, { raw: { width: 4000, height: 3000, channels: 3 } })
        .composite([{ input: gradient, blend: 'overlay' }])
        .jpeg({ quality: 85 })
        .toBuffer();
      writeFileSync(file, jpeg);
    }
    out.push(readFileSync(file));
  }
  return out;
}

async function uploadOne(base: string, cookie: string, photo: Buffer, name: string): Promise<number[]> {
  const form = new FormData();
  form.append('f_grp_id', 'GENERALDOCUMENTS');
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${base}/files/upload`, { method: 'POST', headers: { cookie }, body: form });
  const body = (await res.json()) as { files: { data: { thumbs: number[] }[] } };
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(body)}`);
  return body.files.data[0].thumbs;
}

export async function runFilesBench(dataDir: string): Promise<void> {
  const madeAt = Date.now();
  const images = await photos();
  const mib = images.reduce((s, b) => s + b.length, 0) / images.length / 1024 / 1024;
  console.log(`\nfiles bench: ${DISTINCT} distinct 4000×3000 photos ready (${mib.toFixed(1)} MiB each on average) in ${Date.now() - madeAt} ms`);

  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer(dataDir);
  const base = `http://localhost:${server.port}/api`;
  const rows: { photos: number; ms: number; peak: number }[] = [];
  try {
    const cookie = await loginAsAdmin(server.port);
    const idle = server.peakRssMiB();
    let next = 0;
    const started = Date.now();
    let thumbs: number[] = [];
    const client = async (limit: number) => {
      while (next < limit) {
        const i = next++;
        thumbs = await uploadOne(base, cookie, images[i % DISTINCT], `photo-${i + 1}.jpg`);
      }
    };
    for (const limit of [CHECKPOINT, PHOTOS]) {
      await Promise.all(Array.from({ length: CLIENTS }, () => client(limit)));
      rows.push({ photos: limit, ms: Date.now() - started, peak: server.peakRssMiB() });
    }
    console.log(`thumbnail sizes made per photo: ${thumbs.join(', ')}; server RSS after start: ${idle.toFixed(1)} MiB`);
    console.log('\n| photos uploaded | total ms | ms per photo | server peak RSS MiB |');
    console.log('|---:|---:|---:|---:|');
    for (const r of rows) console.log(`| ${r.photos} | ${r.ms} | ${(r.ms / r.photos).toFixed(0)} | ${r.peak.toFixed(1)} |`);
    const [few, many] = rows;
    console.log(`peak memory ${many.photos} vs ${few.photos} photos: ${many.peak - few.peak >= 0 ? '+' : ''}${(many.peak - few.peak).toFixed(1)} MiB`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
