import type { Action } from '../game/index.js';
import { chooseComputerAction } from '../strategy/index.js';
import type { BotContext } from './context.js';
import { perform } from './perform.js';

/** No action for this long ends a game; it counts for nobody. */
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * A timer fired: a computer seat moves, or a person's turn ran out and their best immediate row
 * is taken for them. The board is then redrawn with the bot's token.
 */
export function playDueTurn(ctx: BotContext, gameId: number, version: number): void {
  const game = ctx.store.gameById(gameId);
  if (!game || game.state.version !== version || game.state.status !== 'playing') return;
  const seat = game.state.seats[game.state.currentSeat];
  if (!seat) return;
  const action: Action =
    seat.computer !== null ? chooseComputerAction(game.state, seat.computer) : { type: 'time-out' };
  const performed = perform(ctx, game, action);
  if (!performed.ok) {
    ctx.log.error('a scheduled move was refused', { gameId, version, action: action.type, refusal: performed.refusal });
    return;
  }
  if (action.type === 'time-out') ctx.log.info('turn timed out', { gameId, player: seat.playerId });
  void ctx.boards.refresh(gameId);
}

/** Ends games nobody has touched for a day, so a forgotten lobby never blocks its channel. */
export function endAbandonedGames(ctx: BotContext): number {
  let ended = 0;
  for (const game of ctx.store.gamesIdleSince(ctx.now() - ABANDON_AFTER_MS)) {
    const performed = perform(ctx, game, { type: 'abandon' });
    if (!performed.ok) continue;
    ended += 1;
    void ctx.boards.refresh(game.id);
  }
  if (ended > 0) ctx.log.info('ended abandoned games', { ended });
  return ended;
}
