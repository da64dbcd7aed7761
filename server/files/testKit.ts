/** Helpers for the file tests: multipart bodies as a browser sends them, real images, brand tweaks, jobs. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { globalDb, brandDb, type RootDb } from '../db/types';
import { DEMO_HOST, type Answer } from '../test/helpers';
import { jobDb } from '../jobs/tables';
import { fileDb } from './tables';
import { storedKeys } from './s3TestKit';
import type { FileStore, ObjectStore } from './storage';

export interface UploadPart {
  name: string;
  data: Buffer;
  type?: string;
}

/** The multipart body and content type the platform's FormData makes (what the SPA's XHR sends). */
export async function multipartBody(files: readonly UploadPart[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

export async function upload(
  app: FastifyInstance,
  c: { url: string; cookie: string; host?: string; files: readonly UploadPart[]; fields?: Record<string, string>; headers?: Record<string, string> },
): Promise<Answer> {
  const body = await multipartBody(c.files, c.fields);
  const res = await app.inject({
    method: 'POST',
    url: c.url,
    headers: { host: c.host ?? DEMO_HOST, cookie: c.cookie, 'content-type': body.contentType, ...c.headers },
    payload: body.payload,
  });
  let json: unknown = null;
  try {
    json = res.json();
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, headers: res.headers, json, text: res.body };
}

export function jpeg(width: number, height: number, color = '#3a7bd5'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export async function tempRoot(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'files-test-'));
}

/** Every file under a folder (relative paths), to see what storage holds. */
export async function listTree(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/**
 * What a store holds plus the staging files left in its folder, as `listTree(root)` shows them for
 * the local store: the same assertions then hold for the S3 store (TEST_FILE_STORE=s3).
 */
export async function storeTree(store: FileStore, root: string): Promise<string[]> {
  if (!('list' in store)) throw new Error('This store cannot list its keys');
  const keys = await storedKeys(store as ObjectStore);
  const staging = await listTree(root).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return [...keys, ...staging.filter((p) => p.startsWith('.staging'))].sort();
}

/** Deep-merges a patch into a brand's stored config (tests read brands uncached). */
export async function patchBrandConfig(db: RootDb, sId: number, patch: Record<string, unknown>): Promise<void> {
  const g = globalDb(db);
  const site = await g.selectFrom('sites').select('config').where('s_id', '=', sId).executeTakeFirstOrThrow();
  const merge = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...a };
    for (const [k, v] of Object.entries(b)) {
      out[k] =
        v && typeof v === 'object' && !Array.isArray(v) && a[k] && typeof a[k] === 'object'
          ? merge(a[k] as Record<string, unknown>, v as Record<string, unknown>)
          : v;
    }
    return out;
  };
  await g
    .updateTable('sites')
    .set({ config: JSON.stringify(merge(site.config, patch)) })
    .where('s_id', '=', sId)
    .execute();
}

/** A department, a site and a job in the brand; returns their ids. */
export async function makeJob(db: RootDb, schema: string, label = 'Files'): Promise<{ job_id: number; js_id: number }> {
  const jobs = jobDb(brandDb(db, schema));
  const de = await jobs
    .insertInto('departments')
    .values({ de_name: `${label} dept`, de_prefix: label.slice(0, 3).toUpperCase() + String(Math.floor(Math.random() * 1000)) })
    .returning('de_id')
    .executeTakeFirstOrThrow();
  const site = await fileDb(brandDb(db, schema))
    .insertInto('jobsites')
    .values({ js_address: `${label} Street 1` })
    .returning('js_id')
    .executeTakeFirstOrThrow();
  const number = `FD-${Math.floor(Math.random() * 1e6)}`;
  const job = await jobs.insertInto('jobs').values({ de_id: de.de_id, js_id: site.js_id, job_number: number }).returning('job_id').executeTakeFirstOrThrow();
  return { job_id: job.job_id, js_id: site.js_id };
}
