import type { SKRSContext2D } from '@napi-rs/canvas';
import { drawableText, splitGraphemes } from './drawable-text.js';

const ELLIPSIS = '…';

/**
 * Fitted lines by font, width, line count and text. The same row labels and player names come
 * back card after card, and measuring text is the costly part of fitting it; a full cache is
 * simply emptied.
 */
const fitted = new Map<string, readonly string[]>();
const CACHE_LIMIT = 2000;

/**
 * `text` as it fits in `maxWidth` pixels in the context's current font: whole, or cut at a
 * character boundary (never inside an emoji or an accented letter) and ended with an ellipsis.
 */
export function fitText(ctx: SKRSContext2D, text: string, maxWidth: number): string {
  return wrapText(ctx, text, maxWidth, 1)[0] ?? '';
}

/**
 * `text` broken at spaces into at most `maxLines` lines of at most `maxWidth` pixels; a word too
 * long for a line is broken between characters, and what does not fit ends in an ellipsis.
 */
export function wrapText(ctx: SKRSContext2D, text: string, maxWidth: number, maxLines: number): readonly string[] {
  const key = `${ctx.font}\u0000${maxWidth}\u0000${maxLines}\u0000${text}`;
  let lines = fitted.get(key);
  if (lines === undefined) {
    lines = wrap(ctx, drawableText(text), maxWidth, maxLines);
    if (fitted.size >= CACHE_LIMIT) fitted.clear();
    fitted.set(key, lines);
  }
  return lines;
}

function wrap(ctx: SKRSContext2D, text: string, maxWidth: number, maxLines: number): string[] {
  const fits = (line: string) => ctx.measureText(line).width <= maxWidth;
  if (fits(text)) return [text];
  const lines: string[] = [];
  let rest = text;
  while (lines.length < maxLines - 1 && rest !== '') {
    const line = firstLine(rest, fits);
    lines.push(line);
    rest = rest.slice(line.length).trimStart();
  }
  if (rest !== '') lines.push(fits(rest) ? rest : withEllipsis(rest, fits));
  return lines;
}

/** The longest start of `text` that fits: up to a space if one fits, else as many characters as fit. */
function firstLine(text: string, fits: (line: string) => boolean): string {
  let line = '';
  for (const word of text.split(' ')) {
    const longer = line === '' ? word : `${line} ${word}`;
    if (!fits(longer)) break;
    line = longer;
  }
  if (line !== '') return line;
  const parts = splitGraphemes(text);
  // At least one character, so that every line moves the text on.
  const count = longestPrefix(parts.length, (n) => fits(parts.slice(0, n).join('')));
  return parts.slice(0, Math.max(1, count)).join('');
}

function withEllipsis(text: string, fits: (line: string) => boolean): string {
  const parts = splitGraphemes(text);
  const cut = (count: number) => `${parts.slice(0, count).join('').trimEnd()}${ELLIPSIS}`;
  return cut(longestPrefix(parts.length - 1, (count) => fits(cut(count))));
}

/**
 * The largest count in [0, most] for which `fits(count)` holds (0 if none but the empty one),
 * by bisection: a few measurements, not one per character. `fits` must hold for all smaller counts.
 */
function longestPrefix(most: number, fits: (count: number) => boolean): number {
  let low = 0;
  let high = most;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}
