import type { Dice, Die, Keep } from '../game/index.js';
import { keepIndex, rollIndex } from './dice-space.js';

/** One distinct way to keep some of three dice before a reroll. */
export interface KeepOption {
  /** Which of the dice to keep, by position. */
  readonly keep: Keep;
  /** The kept faces, highest first. */
  readonly kept: readonly Die[];
  /** "6-6", "5", "nothing", or "all" (stand: stop rerolling and score now). */
  readonly label: string;
  readonly stands: boolean;
  /** The partial keep in the dice space; -1 when standing. */
  readonly keepIndex: number;
  /** The sorted roll the dice make. */
  readonly roll: number;
}

export function keepLabel(kept: readonly Die[], stands: boolean): string {
  if (stands) return 'all';
  return kept.length === 0 ? 'nothing' : kept.join('-');
}

const OPTIONS = new Map<number, readonly KeepOption[]>();

/**
 * The distinct keeps of these dice (as multisets) in the order ties are broken: standing first,
 * then keeping more dice; a repeated face is kept at its leftmost position. Cached per dice.
 */
export function keepOptions(dice: Dice): readonly KeepOption[] {
  const roll = rollIndex(dice);
  const code = dice[0] * 100 + dice[1] * 10 + dice[2];
  let options = OPTIONS.get(code);
  if (!options) {
    options = buildOptions(dice, roll);
    OPTIONS.set(code, options);
  }
  return options;
}

function buildOptions(dice: Dice, roll: number): KeepOption[] {
  const options: KeepOption[] = [];
  for (let bits = 0; bits < 8; bits += 1) {
    const keep: Keep = [(bits & 1) !== 0, (bits & 2) !== 0, (bits & 4) !== 0];
    const kept = dice.filter((_, position) => keep[position]).sort((a, b) => b - a);
    const stands = kept.length === 3;
    const label = keepLabel(kept, stands);
    if (options.some((option) => option.label === label)) continue;
    options.push({ keep, kept, label, stands, keepIndex: stands ? -1 : keepIndex(kept), roll });
  }
  return options.sort((a, b) => b.kept.length - a.kept.length);
}
