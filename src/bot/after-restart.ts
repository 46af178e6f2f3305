import { parseComputerPlayerId } from '../game/index.js';
import type { RecentChange } from '../store/index.js';

/**
 * Whether a game's latest change was made by the bot itself, with no click to follow it: a
 * computer's last move or a time-out that handed the turn to a person (or ended the game), or a game
 * ended without a player (abandoned). A crash between such a change and its board edit leaves a
 * board nobody can fix by clicking (a person's turn still drawn as the computer's), so a restart
 * redraws these. Any other change is healed without help: a computer to move redraws the board with
 * its next move, and a click on an outdated board is refused and redraws it.
 */
export function changedWithoutAClick({ state, lastTurn }: RecentChange): boolean {
  if (state.status === 'cancelled') return state.endReason === 'abandoned';
  const byTheBot =
    lastTurn !== undefined && (lastTurn.timedOut || parseComputerPlayerId(lastTurn.playerId) !== undefined);
  if (state.status === 'finished') return byTheBot;
  if (state.status !== 'playing' || !state.turn) return false;
  const mover = state.seats[state.currentSeat];
  // The person to move has not touched the turn yet: the opening roll, nothing kept.
  const untouched = state.turn.rolls.length === 1 && !state.turn.keep.some(Boolean);
  return mover?.computer === null && untouched && byTheBot;
}
