/**
 * Invisible format characters (Unicode's Cf), which a name has no use for: the bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F,
 * U+061C), which can reverse the text after a name ("20" reading "02"), and zero-width spaces,
 * joiners of words, soft hyphens and the like. Kept: the zero-width joiner and non-joiner (emoji
 * sequences, Persian and Indic spelling) and the tags of flag emoji.
 */
const INVISIBLE_CONTROLS = /(?!\u200C|\u200D|[\u{E0020}-\u{E007F}])\p{Cf}/gu;

/** `name` as it may be shown beside other text: without the invisible characters that could change how that text reads. */
export function withoutInvisibleControls(name: string): string {
  return name.replace(INVISIBLE_CONTROLS, '');
}
