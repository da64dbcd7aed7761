/**
 * The Node.js the bench's servers, baselines and sync processes run on: the project's own, or
 * BENCH_NODE (e.g. the machine's /usr/bin/node) when comparing runtime lines (BENCH_COMPARE_NODE).
 */
import { execFileSync } from 'node:child_process';

export const SERVER_NODE = process.env.BENCH_NODE || process.execPath;

/** The environment a spawned server needs: one on an older line than the product's is let start, for the comparison only. */
export const serverNodeEnv = (): Record<string, string> => (process.env.BENCH_NODE ? { ALLOW_UNSUPPORTED_RUNTIME: '1' } : {});

export const serverNodeVersion = () => execFileSync(SERVER_NODE, ['--version']).toString().trim();
