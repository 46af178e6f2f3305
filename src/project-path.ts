import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * A path inside the package (assets/, docs/…). The code runs from `src/` (vitest, tsx) and from
 * `dist/src/` (the build), so walk up to the folder holding package.json instead of a fixed `../..`.
 */
export function projectPath(...segments: string[]): string {
  root ??= findRoot(dirname(fileURLToPath(import.meta.url)));
  return join(root, ...segments);
}

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}
