import type { Die } from '../../game/index.js';

/** How one face of a die is drawn: in message text, and on a button. */
export interface DieFace {
  /** In text: the application emoji (`<:crag_d5:123…>`), or the Unicode face (⚄). */
  readonly text: string;
  /**
   * The application emoji for a die button, or undefined where only the Unicode faces are at hand:
   * Discord refuses ⚀–⚅ as a component emoji (they are symbols, not emoji), so those buttons carry
   * their face in the label instead.
   */
  readonly emoji?: { readonly id: string; readonly name: string };
}

/** The six faces as the bot draws them this time: the renderers take them as data. */
export type DiceFaces = Readonly<Record<Die, DieFace>>;

/** The faces when the bot has no die emojis of its own (their upload failed): Unicode's die faces. */
export const UNICODE_DICE: DiceFaces = {
  1: { text: '⚀' },
  2: { text: '⚁' },
  3: { text: '⚂' },
  4: { text: '⚃' },
  5: { text: '⚄' },
  6: { text: '⚅' },
};

/** The faces drawn with the application's emojis, `emojis` giving each face's emoji name and id. */
export function emojiDice(emojis: Readonly<Record<Die, { readonly id: string; readonly name: string }>>): DiceFaces {
  const face = (die: Die): DieFace => {
    const { id, name } = emojis[die];
    return { text: `<:${name}:${id}>`, emoji: { id, name } };
  };
  return { 1: face(1), 2: face(2), 3: face(3), 4: face(4), 5: face(5), 6: face(6) };
}

/** Dice in a line of text: "⚅ ⚅ ⚀". */
export function diceText(dice: readonly Die[], faces: DiceFaces): string {
  return dice.map((die) => faces[die].text).join(' ');
}
