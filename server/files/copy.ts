/**
 * Copies one brand's files between two stores (the local folder and S3, either way). Resumable: an
 * object the target already holds with the same size is skipped, so a stopped copy run again only
 * sends what is missing. Ends with a check that every source object is in the target at its size.
 */
import type { ObjectStore } from './storage';

export interface CopyResult {
  total: number;
  copied: number;
  skipped: number;
  bytes: number;
  /** Source keys the target lacks (or holds at another size) after the copy: empty when it all arrived. */
  missing: string[];
}

const BRAND_SCHEMA = /^site_[0-9]+$/;
/** A progress line every this many objects (and at the end). */
const PROGRESS_EVERY = 25;

async function sizes(store: ObjectStore, prefix: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for await (const o of store.list(prefix)) out.set(o.key, o.size);
  return out;
}

export async function copyBrandFiles(
  from: ObjectStore,
  to: ObjectStore,
  schema: string,
  progress: (line: string) => void = () => undefined,
): Promise<CopyResult> {
  if (!BRAND_SCHEMA.test(schema)) throw new Error(`'${schema}' is not a brand schema (site_<number>)`);
  // The trailing slash keeps site_1 from matching site_12's objects.
  const prefix = `${schema}/`;
  const source = await sizes(from, prefix);
  const present = await sizes(to, prefix);
  const result: CopyResult = { total: source.size, copied: 0, skipped: 0, bytes: 0, missing: [] };
  progress(`${source.size} object(s) under ${prefix}; ${present.size} already in the target.`);
  let done = 0;
  for (const [key, size] of source) {
    if (present.get(key) === size) {
      result.skipped += 1;
    } else {
      const object = await from.open(key);
      if (object) {
        await to.write(key, object.stream);
        result.copied += 1;
        result.bytes += object.size;
      }
    }
    done += 1;
    if (done % PROGRESS_EVERY === 0 || done === source.size)
      progress(`${done}/${source.size}: ${result.copied} copied (${(result.bytes / 1048576).toFixed(1)} MiB), ${result.skipped} already there`);
  }
  const arrived = await sizes(to, prefix);
  result.missing = [...source].filter(([key, size]) => arrived.get(key) !== size).map(([key]) => key);
  progress(
    result.missing.length
      ? `Check failed: ${result.missing.length} object(s) missing in the target.`
      : `Check passed: all ${source.size} object(s) are in the target.`,
  );
  return result;
}
