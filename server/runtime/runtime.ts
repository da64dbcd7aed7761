/**
 * The Node.js line the product runs on. The project brings it as the `node` npm package, and npm
 * puts node_modules/.bin first on every script's PATH, so `npm start` and `npm test` run on it
 * whatever the machine's own Node.js is (docs/ARCHITECTURE.md says why this line).
 */
export const RUNTIME_MAJOR = 24;

export const runtimeMajor = (version = process.versions.node) => Number(version.split('.')[0]);

/** The start-up log's words for the runtime, e.g. "Node.js v24.21.0". */
export const runtimeLabel = () => `Node.js ${process.version}`;

/** Refuses to start on an older Node.js (run directly with the machine's node instead of through npm). */
export function assertSupportedRuntime(version = process.versions.node): void {
  if (runtimeMajor(version) < RUNTIME_MAJOR) {
    throw new Error(
      `Node.js v${version} is older than the ${RUNTIME_MAJOR} line this product runs on. Start it through npm ` +
        '(`npm start`), which runs the Node.js that `npm install` put in node_modules/.bin.',
    );
  }
}
