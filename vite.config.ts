import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './server/build/precompress.js';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  // precompressPlugin: .br and .gz beside each built text file, served as they are (server/spa/static.ts).
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first page needs (react-admin, MUI, the app shell, the login page) in a few chunks
          // under Vite's size warning rather than dozens of small ones; each page's own code loads on
          // its first visit (src/routes/pageRegistry.tsx).
          groups: [
            { name: 'react', tags: ['$initial'], test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'mui', tags: ['$initial'], test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/ },
            { name: 'admin', tags: ['$initial'], test: /node_modules[\\/]/ },
            { name: 'app', tags: ['$initial'] },
            // What several pages share, grouped by the pages that use it, small groups merged into
            // their nearest: a page is about 25 requests instead of 60 on a browser's six connections.
            { name: 'shared', minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 16 * 1024 },
          ],
        },
      },
    },
  },
  // `npm run dev` proxies the API to a running `npm start`, keeping the Host so the brand resolves.
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['core/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // Three times a find's 5 s wait (src/test/setup.ts): on a busy machine a find that gives up
          // fails the test with its own message, before the test's time runs out.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'providers/**/*.test.ts'],
          globalSetup: ['server/test/globalSetup.ts'],
          // One database for the whole run; files run one at a time so seeds never race.
          fileParallelism: false,
          testTimeout: 30000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
