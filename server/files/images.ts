/**
 * Images on upload: resized per the brand's `images.uploadResize` (unless the user may and did
 * skip it), then one WebP thumbnail per brand size. Each thumbnail is made from the next bigger
 * one, so a 12-megapixel photo is decoded once (with JPEG shrink-on-load) and not once per size.
 * sharp works in its own threads; its cache is kept small so memory does not grow with the
 * number of files processed.
 */
import fs from 'node:fs/promises';
import sharp from 'sharp';
import type { BrandImages } from '../../core/brand/types';

sharp.cache({ memory: 32, files: 0, items: 20 });
// Two cores serve everything else too; one image at a time per upload keeps peak memory flat.
sharp.concurrency(Math.min(2, sharp.concurrency()));

/** Formats we resize and thumbnail; the brand's supportedExtensions narrow it further. */
const RASTER: Record<string, 'jpeg' | 'png' | 'webp' | 'gif'> = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' };

export function isThumbnailable(ext: string | null, images: BrandImages): boolean {
  if (!ext || !(ext in RASTER)) return false;
  const allowed = images.thumbs.supportedExtensions.map((e) => (e.toLowerCase() === 'jpeg' ? 'jpg' : e.toLowerCase()));
  return allowed.includes(ext);
}

export function thumbSizes(images: BrandImages): number[] {
  return [...new Set(images.thumbs.sizes.filter((s) => Number.isInteger(s) && s > 0 && s <= 10000))].sort((a, b) => a - b);
}

export interface ImageResult {
  width: number;
  height: number;
  /** Size → staged WebP path, ascending by size. */
  thumbs: { size: number; path: string }[];
  /** The staged original's new byte size when it was resized. */
  resizedSize: number | null;
}

/** Limits a decoded image to 100 megapixels: a tiny file that expands to gigabytes is refused by sharp. */
const LIMIT_INPUT_PIXELS = 100_000_000;

/**
 * Resizes the staged original in place when asked and makes the thumbnails into new staging
 * paths from `stagingPath()`. Throws when sharp cannot read the image (the caller refuses it).
 */
export async function processImage(
  staged: string,
  ext: string,
  images: BrandImages,
  skipResize: boolean,
  stagingPath: () => Promise<string>,
): Promise<ImageResult> {
  // Every staging file made here is removed again when a later step fails.
  const made: string[] = [];
  const newPath = async () => {
    const p = await stagingPath();
    made.push(p);
    return p;
  };
  try {
    const resizedSize = await resizeInPlace(staged, RASTER[ext], images.uploadResize, skipResize, newPath);
    const info = await sharp(staged, { limitInputPixels: LIMIT_INPUT_PIXELS }).metadata();
    const upright = (info.orientation ?? 1) >= 5;
    const thumbs: { size: number; path: string }[] = [];
    let source = staged;
    for (const size of [...thumbSizes(images)].reverse()) {
      const out = await newPath();
      await sharp(source, { limitInputPixels: LIMIT_INPUT_PIXELS })
        .rotate()
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toFile(out);
      thumbs.unshift({ size, path: out });
      source = out;
    }
    return { width: (upright ? info.height : info.width) ?? 0, height: (upright ? info.width : info.height) ?? 0, thumbs, resizedSize };
  } catch (err) {
    await Promise.all(made.map((p) => fs.rm(p, { force: true }).catch(() => undefined)));
    throw err;
  }
}

/** Fits the original into uploadResize when asked and needed; returns its new byte size, or null. */
async function resizeInPlace(
  staged: string,
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  uploadResize: BrandImages['uploadResize'],
  skipResize: boolean,
  newPath: () => Promise<string>,
): Promise<number | null> {
  const meta = await sharp(staged, { limitInputPixels: LIMIT_INPUT_PIXELS }).metadata();
  const tooBig = (meta.width ?? 0) > uploadResize.width || (meta.height ?? 0) > uploadResize.height;
  // Animated GIFs keep their frames: they are not resized, only thumbnailed from the first frame.
  if (!uploadResize.enabled || skipResize || !tooBig || format === 'gif') return null;
  const out = await newPath();
  await sharp(staged, { limitInputPixels: LIMIT_INPUT_PIXELS })
    .rotate()
    .resize({ width: uploadResize.width, height: uploadResize.height, fit: 'inside', withoutEnlargement: true })
    .toFormat(format, format === 'jpeg' ? { quality: 85, mozjpeg: false } : {})
    .toFile(out);
  await fs.rename(out, staged);
  return (await fs.stat(staged)).size;
}
