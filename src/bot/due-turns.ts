import type { Action } from '../game/index.js';
import type { StoredGame } from '../store/index.js';
import { chooseComputerAction } from '../strategy/index.js';
import type { BotContext } from './context.js';
import { holdsTimeOut } from './held-time-out.js';
import { MOVED_ON } from './refusals.js';

/** No action for this long ends a game; it counts for nobody. */
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * How long, in turn-timer minutes, a game whose board is out of reach waits for a person to bring
 * it back (any command or click there does) before its computer moves and time-outs end it.
 */
export const LOST_BOARD_GRACE_MINUTES = 5;

/**
 * A timer fired: a computer seat moves, or a person's turn ran out and their best immediate row
 * is taken for them. The board is then redrawn with the bot's token. Returns how long to wait
 * before trying this turn again when it cannot be played yet (its board is out of reach).
 */
export async function playDueTurn(ctx: BotContext, gameId: number, version: number): Promise<number | undefined> {
  const due = await ctx.store.gameById(gameId);
  if (!due || due.state.version !== version || due.state.status !== 'playing') return undefined;
  if (ctx.boards.isLost(due)) return waitForLostBoard(ctx, due);
  // Where the bot is not a member and no token is left, the time-out waits for the next press.
  if (await holdsTimeOut(ctx, due)) return undefined;
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
    return undefined;
  }
  if (action?.type === 'time-out') ctx.log.info('turn timed out', { gameId, player: mover });
  else ctx.log.debug('computer moved', { gameId, version: changed.game.state.version, action: action?.type });
  void ctx.boards.refresh(gameId);
  return undefined;
}

/**
 * Nobody can see this game's board: playing on would show nobody anything. Within the grace period
 * the turn waits; after it, the game ends, without a redraw that would only fail again.
 */
async function waitForLostBoard(ctx: BotContext, game: StoredGame): Promise<number | undefined> {
  const grace = LOST_BOARD_GRACE_MINUTES * ctx.config.turnTimerUnitMs;
  const waited = ctx.boards.lostFor(game);
  if (waited < grace) return grace - waited;
  const changed = await ctx.flow.change(game.id, (stored) =>
    stored.state.version === game.state.version ? { type: 'abandon' } : MOVED_ON,
  );
  if (changed.ok) {
    ctx.boards.forget(game.id);
    ctx.log.info('ended a game whose board stayed out of reach', { gameId: game.id, channel: game.channelId });
  }
  return undefined;
}

/** Lobbies that ended before anyone played are deleted after this long: they hold nothing worth keeping. */
export const PURGE_LOBBIES_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The housekeeping that runs every few minutes: games nobody has touched for a day end, so a
 * forgotten lobby never blocks its channel, and old lobbies that never started are deleted, so
 * start-and-cancel can never grow the database.
 *
 * Only the guilds `owned` by this process (see src/sharding/guild-ownership.ts) are swept: another
 * shard sweeps the rest. Old lobbies are deleted by whichever process gets there first (a delete
 * that finds nothing changes nothing).
 */
export async function sweepGames(ctx: BotContext, owned: (guildId: string) => boolean): Promise<void> {
  await endAbandonedGames(ctx, owned);
  const purged = await ctx.store.purgeEndedLobbies(ctx.now() - PURGE_LOBBIES_AFTER_MS);
  if (purged > 0) ctx.log.info('deleted old lobbies that never started', { purged });
}

/** Ends games nobody has touched for a day, in the guilds `owned` by this process. */
async function endAbandonedGames(ctx: BotContext, owned: (guildId: string) => boolean): Promise<number> {
  const before = ctx.now() - ABANDON_AFTER_MS;
  let ended = 0;
  // A tournament round's game waits for its round's deadline, which may be a week away: the
  // round's close ends it.
  const idleGames = (await ctx.store.gamesIdleSince(before)).filter(
    (game) => owned(game.guildId) && game.state.tournamentRound === undefined,
  );
  for (const idle of idleGames) {
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

/**
 * The bot was removed from a server, or a channel or thread was deleted: the games there can never
 * be shown again, so they end (counting for nobody) without any request that would only fail.
 */
export async function endGamesOutOfReach(ctx: BotContext, games: readonly StoredGame[], why: string): Promise<void> {
  for (const game of games) {
    ctx.pings.placeGone(game.id);
    const changed = await ctx.flow.change(game.id, () => ({ type: 'abandon' }));
    // No board to redraw, even after a restart.
    await ctx.store.setBoardMessage(game.id, null);
    ctx.boards.forget(game.id);
    if (changed.ok) ctx.log.info('ended a game whose place is gone', { gameId: game.id, why });
  }
}
