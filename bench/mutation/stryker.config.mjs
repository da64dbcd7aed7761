// @ts-check
/**
 * Stryker over the rule modules of one side (MUTATION_SIDE=spa|server, see modules.mjs). Run it
 * through `npm run bench:mutation` (bench/mutation/run.ts), which runs both sides and prints a
 * score per module; `--mutate path` on the CLI narrows a run to one module while iterating.
 */
import { currentSide } from './modules.mjs';

const side = currentSide();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'bench/mutation/vitest.config.ts', related: false },
  mutate: side.modules.map((m) => m.mutate),
  // Two cores shared with other work: one mutant at a time, each with only the tests that cover it.
  concurrency: 1,
  coverageAnalysis: 'perTest',
  checkers: [],
  reporters: ['clear-text', 'progress', 'json', 'html'],
  // MUTATION_REPORT names the JSON report (the runner reads it back for the score table).
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? `reports/mutation/${side.name}.json` },
  htmlReporter: { fileName: `reports/mutation/${side.name}.html` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  ignorePatterns: ['dist', 'data', '.e2e-data*', '.test-data', '.bench-data*', 'test-results', 'playwright-report', 'reports', 'tests'],
  thresholds: { high: 95, low: 90, break: null },
  timeoutMS: 10000,
};
