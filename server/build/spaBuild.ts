/**
 * `npm start` serves dist/; this rebuilds it first when it is missing or older than its sources,
 * so a fresh checkout or an edited SPA never serves a stale or absent bundle.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function spaBuildIsStale(root: string, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const sources = ['src', 'index.html', 'vite.config.ts', 'public'].map((p) => newestMtime(path.join(root, p)));
  return statSync(index).mtimeMs < Math.max(...sources);
}

export class SpaBuildError extends Error {}

/** Runs `vite build` in the repository root when needed, on this process's Node.js; throws SpaBuildError on failure. */
export function ensureSpaBuilt(root: string, distDir: string, log: (m: string) => void): void {
  if (!spaBuildIsStale(root, distDir)) return;
  log('Building the SPA (vite build) because dist/ is missing or older than its sources ...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    throw new SpaBuildError(
      `The SPA build failed (vite build exited with ${result.status ?? result.signal ?? result.error?.message}). ` +
        'Fix the build errors shown above, or start with SKIP_BUILD=1 to serve only the API (and any existing dist/).',
    );
  }
}
