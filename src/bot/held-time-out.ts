import type { StoredGame } from '../store/index.js';
import type { BotContext } from './context.js';
import { MOVED_ON } from './refusals.js';

/**
 * A turn time-out where the bot is not a member waits for the table (docs/anywhere.md, "A waiting
 * game"). When a person's turn runs out while no token can draw the game's board (nobody pressed for
 * nearly 15 minutes), the time-out is held: nothing is applied, so nothing happens that nobody can
 * see. The next press on the board, "Bring the game back" or any other by someone at the table,
 * applies it first. Nothing is stored about the hold: a passed deadline on a game still at that
 * turn's version is the hold, so a restart holds it again (its re-armed timer finds the board still
 * waiting) and the version check applies it once.
 */

/** Whether a person's turn timer runs in a game reached through webhooks. */
function timedTurn(game: StoredGame): boolean {
  const seat = game.state.seats[game.state.currentSeat];
  const playing = game.state.status === 'playing' && game.turnDeadline !== null;
  return game.viaWebhooks && playing && seat !== undefined && seat.computer === null;
}

/** Whether the game's person to move has run out of time, in a game reached through webhooks. */
function timeOutDue(game: StoredGame, now: number): boolean {
  return timedTurn(game) && game.turnDeadline !== null && game.turnDeadline <= now;
}

/**
 * Whether the turn that fell due (the scheduler says when: a timer may fire a hair before the
 * deadline on Date.now's clock) must wait for a press: a person's time-out whose board cannot be
 * drawn now.
 */
export async function holdsTimeOut(ctx: BotContext, game: StoredGame): Promise<boolean> {
  if (!timedTurn(game) || !(await ctx.boards.waitsForPress(game))) return false;
  ctx.log.info('turn time-out held until a press', { gameId: game.id, version: game.state.version });
  return true;
}

/**
 * At a press on the board: the time-out that is due, if any, applied through GameFlow. The game as it
 * is then, or undefined when no time-out was due (or the timer applied it first).
 */
export async function applyHeldTimeOut(ctx: BotContext, game: StoredGame): Promise<StoredGame | undefined> {
  if (!timeOutDue(game, ctx.now())) return undefined;
  const changed = await ctx.flow.change(game.id, (stored) =>
    stored.state.version === game.state.version && timeOutDue(stored, ctx.now()) ? { type: 'time-out' } : MOVED_ON,
  );
  if (!changed.ok) return undefined;
  ctx.log.info('held turn time-out applied at a press', { gameId: game.id, version: game.state.version });
  return changed.game;
}
