/**
 * A file's type comes from its bytes (file-type's signatures), not from its name. A name that
 * claims a type the bytes do not have (an HTML page called photo.jpg) is refused; bytes without a
 * binary signature are text when they read as UTF-8 and are told apart as HTML or SVG, which are
 * never shown inline from the app's origin (server/files/download.ts).
 */
import { open } from 'node:fs/promises';
import { fileTypeFromFile, supportedExtensions } from 'file-type';

export interface DetectedType {
  /** Lower-case extension the content is, or null when it has no known one. */
  ext: string | null;
  mime: string;
}

/** Spellings of one extension; the first is the one file-type answers. */
const SAME_EXT: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', jfif: 'jpg', tif: 'tiff', htm: 'html', mpeg: 'mpg' };
// Own keys only: a name ending in '.constructor' or '.tostring' must not find Object's methods.
const normalExt = (ext: string) => (Object.hasOwn(SAME_EXT, ext) ? SAME_EXT[ext] : ext);

/** Text the name may claim and what it is served as; only these names are believed for text. */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  log: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  html: 'text/html',
  svg: 'image/svg+xml',
  xml: 'application/xml',
  eml: 'message/rfc822',
  ics: 'text/calendar',
};

export function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? normalExt(ext) : null;
}

async function head(filePath: string, bytes: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function looksLikeText(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  // A multi-byte character may be cut at the end of the sample; fatal decoding of the rest decides.
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, Math.max(0, buf.length - 4)));
    return true;
  } catch {
    return false;
  }
}

function markupKind(buf: Buffer): 'html' | 'svg' | null {
  const start = buf.toString('utf8', 0, Math.min(buf.length, 4096)).toLowerCase();
  if (/<svg[\s>]/.test(start)) return 'svg';
  if (/<!doctype html|<html[\s>]|<script[\s>]|<body[\s>]|<iframe[\s>]/.test(start)) return 'html';
  return null;
}

/**
 * The type of a staged upload. Returns null when the name claims something the content is not
 * (the caller refuses the upload).
 */
export async function detectType(filePath: string, name: string): Promise<DetectedType | null> {
  const claimed = extensionOf(name);
  const found = await fileTypeFromFile(filePath);
  if (found) {
    const ext = normalExt(found.ext);
    // A name without an extension, or with one we cannot check, is fine: the content decides.
    if (claimed && claimed !== ext && (supportedExtensions.has(claimed as never) || Object.hasOwn(TEXT_TYPES, claimed))) return null;
    return { ext, mime: found.mime };
  }
  if (claimed && supportedExtensions.has(claimed as never)) return null;
  const sample = await head(filePath, 8192);
  if (sample.length === 0) return { ext: claimed, mime: 'application/octet-stream' };
  if (!looksLikeText(sample)) return { ext: null, mime: 'application/octet-stream' };
  const markup = markupKind(sample);
  if (markup) return { ext: markup, mime: TEXT_TYPES[markup] };
  if (claimed && Object.hasOwn(TEXT_TYPES, claimed) && claimed !== 'html' && claimed !== 'svg') return { ext: claimed, mime: TEXT_TYPES[claimed] };
  return { ext: 'txt', mime: 'text/plain' };
}

/** Types a browser may show inline from our origin without running anything: raster images and PDF. */
const INLINE_SAFE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'application/pdf']);

export function inlineSafe(mime: string): boolean {
  return INLINE_SAFE.has(mime);
}
