import { registerCardFont } from './font.js';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

/** `text` as user-visible characters (an emoji sequence or an accented letter is one). */
export function splitGraphemes(text: string): string[] {
  return Array.from(graphemes.segment(text), (segment) => segment.segment);
}

/**
 * The text as the card can draw it: runs of white space made one space, and emoji the bundled font
 * has no glyph for left out (they would show as empty boxes; Discord names are full of them).
 * Other scripts are kept even when the font lacks them, since an installed font may draw them, and
 * a string made only of missing emoji is kept whole rather than drawn as nothing.
 */
export function drawableText(text: string): string {
  const coverage = registerCardFont();
  const spaced = text.replace(/\s+/g, ' ').trim();
  if (!EMOJI.test(spaced)) return spaced;
  const kept = splitGraphemes(spaced).filter((grapheme) => {
    for (const character of grapheme) {
      if (EMOJI.test(character) && !coverage.has(character.codePointAt(0) ?? 0)) return false;
    }
    return true;
  });
  const result = kept.join('').replace(/\s+/g, ' ').trim();
  return result === '' ? spaced : result;
}
