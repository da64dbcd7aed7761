/**
 * `npm run platform -- files-copy --brand site_3 --to s3|local [--root <folder>]`: copies a brand's
 * files from the local folder (`--root`, default `${DATA_DIR:-./data}/files`) to the S3 bucket of
 * the S3_* settings, or back. Run it again after a stop: it resumes. Exits 1 unless every file arrived.
 */
import { copyBrandFiles } from './copy';
import { S3FileStore } from './s3Store';
import { s3SettingsFromEnv, s3StagingDir } from './storeConfig';
import { defaultFilesRoot, LocalFileStore } from './storage';

const USAGE = 'Usage: npm run platform -- files-copy --brand <site_N> --to s3|local [--root <folder>]';

function option(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

export async function runFilesCopy(args: readonly string[]): Promise<void> {
  const brand = option(args, 'brand');
  const to = option(args, 'to');
  if (!brand || (to !== 's3' && to !== 'local')) throw new Error(USAGE);
  const settings = s3SettingsFromEnv();
  if (!settings) throw new Error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as needed) first.');
  const local = new LocalFileStore(option(args, 'root') ?? defaultFilesRoot());
  const s3 = new S3FileStore(settings, s3StagingDir());
  const [from, target] = to === 's3' ? [local, s3] : [s3, local];
  const result = await copyBrandFiles(from, target, brand, (line) => console.log(line));
  if (result.missing.length) {
    for (const key of result.missing.slice(0, 20)) console.error(`missing: ${key}`);
    process.exitCode = 1;
  }
}
