import { controls, dice, keptFlags, requireControl, rowChoices } from '../harness/board.js';
import type { EmulatedMessage } from '../src/emulator/index.js';

// The virtual players' way of reading a board is shared with the end-to-end tests.
export {
  type Control,
  canReroll,
  controls,
  currentPlayerId,
  isFinalStandings,
  requireControl,
  title,
} from '../harness/board.js';

/** The die buttons (a face's emoji, or "⚄ 5"): each die's value and whether it is kept (a green button). */
export function diceOnBoard(message: EmulatedMessage): { value: number; kept: boolean; customId: string }[] {
  const values = dice(message);
  const kept = keptFlags(message);
  return controls(message)
    .filter((control) => control.kind === 'keep')
    .map((control, i) => ({ value: values[i] ?? Number.NaN, kept: kept[i] ?? false, customId: control.customId }));
}

/** The row the menu promises the most points for (the last one listed on a tie). */
export function bestRow(message: EmulatedMessage): { customId: string; value: string } {
  const menu = requireControl(message, 'score');
  let best: { value: string; points: number } | undefined;
  for (const choice of rowChoices(message)) if (!best || choice.points >= best.points) best = choice;
  if (!best) throw new Error(`no row on offer on message ${message.id}`);
  return { customId: menu.customId, value: best.value };
}
