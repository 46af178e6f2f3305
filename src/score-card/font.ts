import { readFileSync } from 'node:fs';
import { GlobalFonts } from '@napi-rs/canvas';
import { projectPath } from '../project-path.js';
import { type Coverage, readCoverage } from './font-coverage.js';

/**
 * DejaVu Sans, bundled in assets/fonts (Bitstream Vera / Arev licence, see LICENSE-DejaVu.txt):
 * Latin, Cyrillic and Greek, so the card draws the same on every machine and in Russian. It is
 * registered under a name of our own, so that no installed font of the same name can stand in.
 */
export const FAMILY = 'Crag Card Sans';
const FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'];

let coverage: Coverage | undefined;

/**
 * Registers the bundled font once per process (registering again would only add duplicates) and
 * returns the characters that both of its weights can draw.
 */
export function registerCardFont(): Coverage {
  if (coverage) return coverage;
  const weights = FILES.map((file) => {
    const path = projectPath('assets', 'fonts', file);
    const font = readFileSync(path);
    if (!GlobalFonts.register(font, FAMILY)) throw new Error(`cannot load the score card font ${path}`);
    return readCoverage(font);
  });
  coverage = { has: (codePoint) => weights.every((weight) => weight.has(codePoint)) };
  return coverage;
}

/** A CSS font shorthand in the card's family. */
export function cardFont(sizePx: number, weight: 'normal' | 'bold' = 'normal'): string {
  return `${weight} ${sizePx}px "${FAMILY}"`;
}
