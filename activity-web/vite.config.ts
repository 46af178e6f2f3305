import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The Activity's page: built into dist/activity-web, served by src/activity/table-server.ts. Paths
 * are relative (`base: './'`): Discord's proxy serves it under `/.proxy/`, the playground under a
 * prefix of its own.
 */
export default defineConfig({
  root: here,
  base: './',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/activity-web', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
});
