import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { twemojiAssets } from './twemoji-assets.js';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The playground's page: built into dist/playground-web, served by src/playground/web-server.ts. */
export default defineConfig({
  root: here,
  base: '/',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/playground-web', import.meta.url)),
    emptyOutDir: true,
    // The server allows only 'self' scripts and styles (no inline), so nothing may be inlined.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [twemojiAssets()],
});
