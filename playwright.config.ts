import { defineConfig } from '@playwright/test';

/** End-to-end tests run the real server (`npm start`) on a fresh data folder, in Debian's Chromium. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * With the test command under libfaketime (run as if at another hour), Chromium's processes do not
 * all keep its offset and its forms stop taking typed input; the browser then keeps the machine's
 * real clock, like a client whose clock differs from the server's (the server's is the faked one).
 */
const browserEnv = process.env.LD_PRELOAD?.includes('faketime')
  ? Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME')))
  : undefined;

export default defineConfig({
  testDir: 'tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      ...(browserEnv ? { env: browserEnv } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The same Node.js that runs the tests (the project's own), not whatever `node` a shell finds.
    command: `"${process.execPath}" --import tsx server/start.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/brandsiteconfig`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: process.env.E2E_DATA_DIR ?? '.e2e-data' },
  },
});
