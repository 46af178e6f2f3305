/**
 * `npm run draw-dice`: redraws assets/dice/die-1.png … die-6.png. The drawing lives in
 * src/dice-art/draw-die-face.ts; test/dice-art checks the committed files still match it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { DIE_FACES, dieFacePath, drawDieFace } from '../src/dice-art/index.js';

for (const face of DIE_FACES) {
  const file = dieFacePath(face);
  const png = drawDieFace(face);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, png);
  process.stdout.write(`${relative(process.cwd(), file)}: ${png.length} bytes\n`);
}
