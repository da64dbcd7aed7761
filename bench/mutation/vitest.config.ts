/**
 * The vitest config Stryker runs (bench/mutation/stryker.config.mjs): only the test files that
 * guard the rule modules of one side (MUTATION_SIDE=spa|server), never a database.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// @ts-expect-error plain ES module shared with the Stryker config and the runner
import { currentSide } from './modules.mjs';

const side = currentSide() as { name: string; environment: string; modules: { tests: string[] }[] };
const tests = [...new Set(side.modules.flatMap((m) => m.tests))];

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  plugins: side.name === 'spa' ? [react()] : [],
  test: {
    name: `mutation-${side.name}`,
    environment: side.environment,
    include: tests,
    setupFiles: side.name === 'spa' ? ['src/test/setup.ts'] : [],
  },
});
