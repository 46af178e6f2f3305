import { expect } from 'vitest';
import { PAIR_HUNTER, type TurnPolicy } from '../../e2e/support/table.js';
import type { ChannelPage } from './channel-page.js';

/**
 * Plays the turn of whoever the board names, in that person's own tab, by clicking only: keep
 * dice, reroll, then pick a row from the menu. Returns the click-to-board times it saw.
 */
export async function playTurn(
  tabs: ReadonlyMap<string, ChannelPage>,
  watcher: ChannelPage,
  policy: TurnPolicy = PAIR_HUNTER,
): Promise<{ player: string; row: string; points: number; latencies: number[] }> {
  const player = (await watcher.readBoard()).currentPlayer;
  if (!player) throw new Error(`nobody's turn on the board: ${(await watcher.readBoard()).description}`);
  const tab = tabs.get(player);
  if (!tab) throw new Error(`no tab for ${player}`);
  const latencies: number[] = [];
  const board = () => tab.board();
  for (;;) {
    const view = await tab.readBoard();
    expect(view.currentPlayer).toBe(player);
    if (!view.rerollEnabled && view.rerollLabel.startsWith('No rerolls')) break;
    const wanted = policy.keep(view.dice);
    if (!wanted || wanted.every(Boolean)) break;
    for (let die = 0; die < 3; die += 1) {
      const kept = (await tab.readBoard()).kept[die];
      if (kept !== wanted[die]) {
        const button = tab.dieButtons().nth(die);
        latencies.push(await tab.clickAndWaitForBoard(button));
      }
    }
    latencies.push(await tab.clickAndWaitForBoard(board().locator('button', { hasText: /^Reroll/ })));
  }
  const choices = await tab.rowChoices();
  const row = policy.row(choices.map((choice) => ({ value: choice.label, points: choice.points })));
  const points = choices.find((choice) => choice.label === row)?.points ?? Number.NaN;
  latencies.push(await tab.chooseRow(row));
  return { player, row, points, latencies };
}

/** The middle and the 95th percentile of some times, in whole milliseconds. */
export function percentiles(times: readonly number[]): { p50: number; p95: number; count: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (fraction: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), count: sorted.length };
}
