import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Copies Twemoji's SVGs (`@twemoji/svg`, a build-time dependency) into the built page under
 * twemoji/, where src/lib/twemoji.ts finds them: the page draws emoji from its own origin only.
 */
export function twemojiAssets(): Plugin {
  return {
    name: 'crag-twemoji-assets',
    apply: 'build',
    generateBundle() {
      const folder = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
      for (const file of fs.readdirSync(folder)) {
        if (!file.endsWith('.svg')) continue;
        this.emitFile({ type: 'asset', fileName: `twemoji/${file}`, source: fs.readFileSync(path.join(folder, file)) });
      }
    },
  };
}
