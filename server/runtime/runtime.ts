/**
 * The Node.js line the product runs on. The project brings it as the `node` npm package, and npm
 * puts node_modules/.bin first on every script's PATH, so `npm start` and `npm test` run on it
 * whatever the machine's own Node.js is (docs/ARCHITECTURE.md says why this line).
 */
export const RUNTIME_MAJOR = 24;

export const runtimeMajor = (version = process.versions.node) => Number(version.split('.')[0]);

/** The start-up log's words for the runtime, e.g. "Node.js v24.21.0". */
export const runtimeLabel = () => `Node.js ${process.version}`;

/**
 * Refuses to start on an older Node.js (run directly with the machine's node instead of through
 * npm). ALLOW_UNSUPPORTED_RUNTIME=1 lets it start anyway: only the bench sets it, to measure the
 * server on the old line beside the new one.
 */
export function assertSupportedRuntime(version = process.versions.node, env: NodeJS.ProcessEnv = process.env): void {
  if (runtimeMajor(version) < RUNTIME_MAJOR && env.ALLOW_UNSUPPORTED_RUNTIME !== '1') {
    throw new Error(
      `Node.js v${version} is older than the ${RUNTIME_MAJOR} line this product runs on. Start it through npm ` +
        '(`npm start`), which runs the Node.js that `npm install` put in node_modules/.bin.',
    );
  }
}
