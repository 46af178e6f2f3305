import { readFileSync } from 'node:fs';
import { GlobalFonts } from '@napi-rs/canvas';
import { projectPath } from '../project-path.js';
import { CJK_FAMILY, registerCjkGlyphsFor } from './cjk-font.js';
import { type Coverage, readCoverage } from './font-coverage.js';

/**
 * DejaVu Sans, bundled in assets/fonts (Bitstream Vera / Arev licence, see LICENSE-DejaVu.txt):
 * Latin, Cyrillic and Greek, so the card draws the same on every machine in every catalogue but
 * Japanese, for which Noto Sans JP follows it in the font list (cjk-font.ts). It is registered
 * under a name of our own, so that no installed font of the same name can stand in.
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

/**
 * Registers what drawing `text` needs: DejaVu, and the Noto Sans JP subsets for what DejaVu lacks
 * (cjk-font.ts). Returns what the card can now draw of it.
 */
export function registerGlyphsFor(text: string): Coverage {
  const base = registerCardFont();
  const cjk = registerCjkGlyphsFor(text, base);
  return { has: (codePoint) => base.has(codePoint) || cjk.has(codePoint) };
}

/** A CSS font shorthand in the card's family, falling back to the Japanese face for what DejaVu lacks. */
export function cardFont(sizePx: number, weight: 'normal' | 'bold' = 'normal'): string {
  return `${weight} ${sizePx}px "${FAMILY}", "${CJK_FAMILY}"`;
}
