import { expect } from 'vitest';
import { currentPlayerId, description, dice } from '../../../harness/board.js';
import { CATEGORY_IDS, type CategoryId, type Rules, scoreRoll } from '../../../src/game/index.js';
import { PAIR_HUNTER, type Table, type TurnPolicy } from './table.js';

export function isCategory(value: string): value is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(value);
}

/** Plays a started game to the end, checking every menu against the rules in force. */
export async function playToTheEnd(
  table: Table,
  rules: Rules,
  policy: TurnPolicy = PAIR_HUNTER,
): Promise<Map<string, number>> {
  const running = new Map<string, number>();
  while (!table.isFinished()) {
    const player = currentPlayerId(table.board());
    if (!player) throw new Error(`no player to act: ${description(table.board())}`);
    const countingPolicy: TurnPolicy = {
      keep: (values) => policy.keep(values),
      row: (choices) => {
        const shown = dice(table.board());
        for (const choice of choices) {
          if (!isCategory(choice.value)) throw new Error(`unknown row ${choice.value}`);
          expect(choice.points, `${choice.value} for ${shown.join('-')}`).toBe(scoreRoll(shown, choice.value, rules));
        }
        return policy.row(choices);
      },
    };
    const { points } = await table.playTurn(player, countingPolicy);
    running.set(player, (running.get(player) ?? 0) + points);
  }
  return running;
}
