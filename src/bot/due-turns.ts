import type { Action } from '../game/index.js';
import { chooseComputerAction } from '../strategy/index.js';
import type { BotContext } from './context.js';
import { MOVED_ON } from './refusals.js';

/** No action for this long ends a game; it counts for nobody. */
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * A timer fired: a computer seat moves, or a person's turn ran out and their best immediate row
 * is taken for them. The board is then redrawn with the bot's token.
 */
export async function playDueTurn(ctx: BotContext, gameId: number, version: number): Promise<void> {
  let action: Action | undefined;
  let mover: string | undefined;
  const changed = await ctx.flow.change(gameId, (game) => {
    const seat = game.state.seats[game.state.currentSeat];
    // The timer was armed for an older state: play has moved on and there is nothing to do.
    if (game.state.version !== version || game.state.status !== 'playing' || !seat) return MOVED_ON;
    mover = seat.playerId;
    action = seat.computer !== null ? chooseComputerAction(game.state, seat.computer) : { type: 'time-out' };
    return action;
  });
  if (!changed.ok) {
    if (action)
      ctx.log.error('a scheduled move was refused', { gameId, version, action: action.type, refusal: changed.refusal });
    return;
  }
  if (action?.type === 'time-out') ctx.log.info('turn timed out', { gameId, player: mover });
  else ctx.log.debug('computer moved', { gameId, version: changed.game.state.version, action: action?.type });
  void ctx.boards.refresh(gameId);
}

/**
 * Ends games nobody has touched for a day, so a forgotten lobby never blocks its channel. Only the
 * guilds `owned` by this process (see src/sharding/guild-ownership.ts): another shard sweeps the rest.
 */
export async function endAbandonedGames(ctx: BotContext, owned: (guildId: string) => boolean): Promise<number> {
  const before = ctx.now() - ABANDON_AFTER_MS;
  let ended = 0;
  for (const idle of (await ctx.store.gamesIdleSince(before)).filter((game) => owned(game.guildId))) {
    // Checked again under the game's lock: somebody may have played since the list was read.
    const changed = await ctx.flow.change(idle.id, (game) =>
      game.lastActionAt < before ? { type: 'abandon' } : MOVED_ON,
    );
    if (!changed.ok) continue;
    ended += 1;
    void ctx.boards.refresh(idle.id);
  }
  if (ended > 0) ctx.log.info('ended abandoned games', { ended });
  return ended;
}
