/**
 * Unicode emoji as Discord's client draws them: Twemoji images (the `@twemoji/svg` package, copied
 * into the built page under /twemoji/ by vite.config.ts, so nothing is loaded from elsewhere).
 */

/** Where the page serves Twemoji's SVGs, by file name. */
export const TWEMOJI_PATH = '/twemoji/';

const VARIATION_SELECTOR_16 = '\ufe0f';
const ZERO_WIDTH_JOINER = '\u200d';
/** A character that is an emoji's picture, not only a joiner, selector or combining keycap. */
const PICTURE = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/**
 * Twemoji's file name of an emoji: its code points in lowercase hex joined by "-", without the
 * emoji presentation selector U+FE0F unless the sequence is joined with U+200D (as Twemoji's own
 * parser names them: ⏱️ → 23f1, 👨‍👩‍👧 → 1f468-200d-1f469-200d-1f467). Null for a run that draws no
 * picture (a stray selector), which stays text.
 */
export function twemojiFile(emoji: string): string | null {
  if (!PICTURE.test(emoji)) return null;
  const sequence = emoji.includes(ZERO_WIDTH_JOINER) ? emoji : emoji.replaceAll(VARIATION_SELECTOR_16, '');
  const points = Array.from(sequence, (character) => character.codePointAt(0)?.toString(16) ?? '');
  return `${points.join('-')}.svg`;
}

/** The page's own URL of an emoji's image, or null when it stays text. */
export function twemojiUrl(emoji: string): string | null {
  const file = twemojiFile(emoji);
  return file ? `${TWEMOJI_PATH}${file}` : null;
}
