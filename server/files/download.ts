/**
 * Sending a file's bytes. Always `X-Content-Type-Options: nosniff` and a Content-Disposition with
 * an ASCII fallback and the RFC 5987 `filename*`. Only raster images and PDF may be shown inline
 * (previews); everything else, HTML and SVG above all, is an attachment typed as
 * application/octet-stream and sandboxed, so nothing a user uploaded runs on the app's origin.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../envelope/errors';
import { inlineSafe } from './detect';
import type { FileRecord } from './records';
import { originalKey, thumbKey, type FileStore } from './storage';

/** The policy of every download and preview: nothing may run, nothing may be loaded but own images. */
export const DOWNLOAD_CSP = "default-src 'none'; img-src 'self'; sandbox";

/** `attachment; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf` */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The thumbnail to serve for a requested size: that size if made, else the smallest bigger one, else the biggest. */
export function pickThumb(thumbs: readonly number[], size: number): number {
  const sorted = [...thumbs].sort((a, b) => a - b);
  return sorted.find((s) => s >= size) ?? sorted[sorted.length - 1];
}

function thumbName(name: string, size: number): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}_${size}.webp`;
}

export async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  file: FileRecord,
  opts: { size?: number; inline?: boolean },
): Promise<FastifyReply> {
  const key = originalKey(req.brand!.schema, file.f_added, file.f_storage_name);
  const size = opts.size && file.f_thumbs.length ? pickThumb(file.f_thumbs, opts.size) : null;
  const object = await store.open(size ? thumbKey(key, size) : key);
  if (!object) throw notFound();
  const type = size ? 'image/webp' : file.f_type;
  const name = size ? thumbName(file.f_name, size) : file.f_name;
  const inline = !!opts.inline && inlineSafe(type);
  reply
    .header('Content-Type', inline || inlineSafe(type) ? type : 'application/octet-stream')
    .header('Content-Length', String(object.size))
    .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=3600');
  // Every type, PDF included, gets no rights at all: a PDF can carry script and forms, and opened
  // on the app's origin without a sandbox it would run there (Chromium's viewer shows it anyway).
  reply.header('Content-Security-Policy', DOWNLOAD_CSP);
  return reply.send(object.stream);
}
