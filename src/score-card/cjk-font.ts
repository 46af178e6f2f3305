import { readFileSync } from 'node:fs';
import { GlobalFonts } from '@napi-rs/canvas';
import { projectPath } from '../project-path.js';
import { type Coverage, readCoverage } from './font-coverage.js';

/**
 * Noto Sans JP (@fontsource/noto-sans-jp 5.3.0, SIL Open Font License: its LICENSE file), for the
 * Japanese catalogue and any name in Chinese or Japanese characters, which DejaVu lacks. Google cut
 * it into 124 subset files by Unicode range (unicode.json lists them), 5 MB a weight in all, so
 * only the subsets a card needs are read and registered, once each: a process that never draws a
 * kanji never holds one. WOFF rather than WOFF2: @napi-rs/canvas reads both, and WOFF's tables
 * are plain zlib, so its coverage can be read from its own cmap (font-coverage.ts).
 */
export const CJK_FAMILY = 'Crag Card Sans JP';
const PACKAGE = ['node_modules', '@fontsource', 'noto-sans-jp'];
const WEIGHTS = [400, 700] as const;

type Range = readonly [first: number, last: number];

interface Subset {
  readonly name: string;
  readonly ranges: readonly Range[];
}

let subsets: readonly Subset[] | undefined;
const registered = new Map<string, Coverage>();

/** The subsets and the ranges each was cut to, from the package's unicode.json ("U+4e00-4e0f,U+4e11"). */
function allSubsets(): readonly Subset[] {
  subsets ??= Object.entries(
    JSON.parse(readFileSync(projectPath(...PACKAGE, 'unicode.json'), 'utf8')) as Record<string, string>,
  ).map(([key, list]) => ({
    name: key.replace(/^\[(\d+)\]$/, '$1'),
    ranges: list.split(',').map((part): Range => {
      const [first, last] = part.trim().replace(/^U\+/i, '').split('-');
      const start = Number.parseInt(first ?? '', 16);
      return [start, last === undefined ? start : Number.parseInt(last, 16)];
    }),
  }));
  return subsets;
}

/** Whether a subset of the font was cut to include the code point (what the card could draw). */
export function cjkCanDraw(codePoint: number): boolean {
  return subsetOf(codePoint) !== undefined;
}

function subsetOf(codePoint: number): Subset | undefined {
  return allSubsets().find((subset) => subset.ranges.some(([first, last]) => codePoint >= first && codePoint <= last));
}

/**
 * Registers, once, every subset that `text` needs beyond what `base` draws. Returns the coverage of
 * every subset registered so far: what the card can now draw in this family, in both weights.
 */
export function registerCjkGlyphsFor(text: string, base: Coverage): Coverage {
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (base.has(codePoint) || [...registered.values()].some((coverage) => coverage.has(codePoint))) continue;
    const subset = subsetOf(codePoint);
    if (!subset || registered.has(subset.name)) continue;
    const weights = WEIGHTS.map((weight) => {
      const path = projectPath(...PACKAGE, 'files', `noto-sans-jp-${subset.name}-${weight}-normal.woff`);
      const font = readFileSync(path);
      if (!GlobalFonts.register(font, CJK_FAMILY)) throw new Error(`cannot load the score card font ${path}`);
      return readCoverage(font);
    });
    registered.set(subset.name, { has: (codePoint) => weights.every((weight) => weight.has(codePoint)) });
  }
  return { has: (codePoint) => [...registered.values()].some((coverage) => coverage.has(codePoint)) };
}
