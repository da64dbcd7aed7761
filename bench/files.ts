/**
 * BENCH_ONLY=files (and part of the full `npm run bench`): uploads 100 photos of 4000×3000 to the
 * real server, one per request from two clients at once, each resized on upload and thumbnailed in
 * the brand's sizes, then downloads every original back. The same run is made twice: files in the
 * local folder, then in an S3 bucket (s3rver on a loopback port, in this bench process, so the
 * server's memory is the server's alone). Prints the time per photo and the server's peak memory
 * after 20 and after 100 photos, and after the downloads: they must be about equal (memory does
 * not grow with the number of files, and S3 streams as the folder does).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { S3FileStore } from '../server/files/s3Store';
import { s3SettingsFor, startS3rver } from '../server/files/s3TestKit';
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

interface Uploaded {
  thumbs: number[];
  download_name: string;
}

async function uploadOne(base: string, cookie: string, photo: Buffer, name: string): Promise<Uploaded> {
  const form = new FormData();
  form.append('f_grp_id', 'GENERALDOCUMENTS');
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${base}/files/upload`, { method: 'POST', headers: { cookie }, body: form });
  const body = (await res.json()) as { files: { data: Uploaded[] } };
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(body)}`);
  return body.files.data[0];
}

/** Reads an original to the end without keeping it; its size in bytes. */
async function downloadOne(base: string, cookie: string, storageName: string): Promise<number> {
  const res = await fetch(`${base}/files/download/${storageName}`, { headers: { cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`download ${storageName}: ${res.status}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
  return bytes;
}

interface Row {
  store: string;
  step: string;
  photos: number;
  ms: number;
  peak: number;
}

/** One store's run: a fresh server (and database) on `dataDir` with `env`. */
async function runOneStore(label: string, dataDir: string, env: Record<string, string>, images: Buffer[], rows: Row[]): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer(dataDir, [], env);
  const base = `http://localhost:${server.port}/api`;
  try {
    const cookie = await loginAsAdmin(server.port);
    const idle = server.peakRssMiB();
    let next = 0;
    const started = Date.now();
    const uploaded: Uploaded[] = [];
    const client = async (limit: number) => {
      while (next < limit) {
        const i = next++;
        uploaded[i] = await uploadOne(base, cookie, images[i % DISTINCT], `photo-${i + 1}.jpg`);
      }
    };
    for (const limit of [CHECKPOINT, PHOTOS]) {
      await Promise.all(Array.from({ length: CLIENTS }, () => client(limit)));
      rows.push({ store: label, step: 'upload', photos: limit, ms: Date.now() - started, peak: server.peakRssMiB() });
    }
    console.log(`${label}: thumbnail sizes made per photo: ${uploaded[0].thumbs.join(', ')}; server RSS after start: ${idle.toFixed(1)} MiB`);
    let got = 0;
    let bytes = 0;
    const downStarted = Date.now();
    const reader = async () => {
      while (got < uploaded.length) bytes += await downloadOne(base, cookie, uploaded[got++].download_name);
    };
    await Promise.all(Array.from({ length: CLIENTS }, reader));
    rows.push({
      store: label,
      step: `download (${(bytes / 1024 / 1024).toFixed(0)} MiB)`,
      photos: uploaded.length,
      ms: Date.now() - downStarted,
      peak: server.peakRssMiB(),
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runFilesBench(dataDir: string): Promise<void> {
  const madeAt = Date.now();
  const images = await photos();
  const mib = images.reduce((s, b) => s + b.length, 0) / images.length / 1024 / 1024;
  console.log(`\nfiles bench: ${DISTINCT} distinct 4000×3000 photos ready (${mib.toFixed(1)} MiB each on average) in ${Date.now() - madeAt} ms`);
  const rows: Row[] = [];
  await runOneStore('local folder', dataDir, {}, images, rows);
  const s3 = await startS3rver();
  try {
    const bucket = 'bench-files';
    const settings = s3SettingsFor(s3.endpoint, bucket);
    await new S3FileStore(settings, os.tmpdir()).client.send(new CreateBucketCommand({ Bucket: bucket }));
    const env = {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
      S3_FORCE_PATH_STYLE: '1',
    };
    await runOneStore('S3 (s3rver)', `${dataDir}-s3`, env, images, rows);
  } finally {
    await s3.close();
  }
  console.log('\n| store | step | photos | total ms | ms per photo | server peak RSS MiB |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.store} | ${r.step} | ${r.photos} | ${r.ms} | ${(r.ms / r.photos).toFixed(0)} | ${r.peak.toFixed(1)} |`);
  for (const label of ['local folder', 'S3 (s3rver)']) {
    const [few, many, down] = rows.filter((r) => r.store === label);
    console.log(
      `${label}: peak memory ${many.photos} vs ${few.photos} photos ${many.peak - few.peak >= 0 ? '+' : ''}${(many.peak - few.peak).toFixed(1)} MiB; after the downloads ${down.peak.toFixed(1)} MiB`,
    );
  }
}
