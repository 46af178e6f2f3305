import type { EmulatedMessage } from '../src/emulator/index.js';
import { controls, requireControl, title } from '../test/e2e/support/board.js';

// The virtual players' way of reading a board is shared with the end-to-end tests.
export { type Control, controls, currentPlayerId, requireControl, title } from '../test/e2e/support/board.js';

export function isFinalStandings(message: EmulatedMessage): boolean {
  return title(message) === 'Crag · final standings';
}

/** The die buttons ("⚄ 5 · kept"): each die's value and whether it is kept. */
export function diceOnBoard(message: EmulatedMessage): { value: number; kept: boolean; customId: string }[] {
  return controls(message)
    .filter((control) => control.kind === 'keep')
    .map((control) => ({
      value: Number(/(\d)/.exec(control.label)?.[1]),
      kept: control.label.includes('kept'),
      customId: control.customId,
    }));
}

export function canReroll(message: EmulatedMessage): boolean {
  return !requireControl(message, 'reroll').label.startsWith('No rerolls');
}

/** The row the menu promises the most points for (the last one listed on a tie). */
export function bestRow(message: EmulatedMessage): { customId: string; value: string } {
  const menu = requireControl(message, 'score');
  let best: { value: string; points: number } | undefined;
  for (const option of menu.options) {
    const points = Number(option.label.split(' · ')[1]);
    if (!best || points >= best.points) best = { value: option.value, points };
  }
  if (!best) throw new Error(`no row on offer on message ${message.id}`);
  return { customId: menu.customId, value: best.value };
}
