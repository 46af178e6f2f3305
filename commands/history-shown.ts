import type { BotContext } from '../src/bot/context.js';
import type { FinishedGame } from '../src/store/index.js';

/** Pages of finished games read at most, looking for enough to show once the hidden ones are left out. */
const MAX_PAGES = 3;

/**
 * The finished games a history may show `askerId`, newest first, at most `limit`. A duplicate
 * tournament's round game of another entrant is left out while its round is open: everyone plays
 * the same dice, so another entrant's total would tell the asker what those dice were worth before
 * they have played them (docs/tournaments.md). Once the round closes its games are listed like any.
 */
export async function shownInHistory(
  ctx: BotContext,
  query: { readonly guildId: string; readonly channelId?: string; readonly limit: number },
  askerId: string,
): Promise<FinishedGame[]> {
  const shown: FinishedGame[] = [];
  const openRound = new Map<number, number | undefined>();
  let beforeId: number | undefined;
  for (let page = 0; page < MAX_PAGES && shown.length < query.limit; page += 1) {
    const games = await ctx.store.finishedGames({ ...query, ...(beforeId === undefined ? {} : { beforeId }) });
    for (const game of games) {
      if (shown.length < query.limit && !(await hidden(ctx, game, askerId, openRound))) shown.push(game);
    }
    if (games.length < query.limit) break;
    beforeId = games.at(-1)?.id;
  }
  return shown;
}

/** Whether `game` is another entrant's round game of a round still open (each tournament looked up once). */
async function hidden(
  ctx: BotContext,
  game: FinishedGame,
  askerId: string,
  openRound: Map<number, number | undefined>,
): Promise<boolean> {
  const of = game.state.tournamentRound;
  if (!of || game.state.hostId === askerId) return false;
  if (!openRound.has(of.tournamentId)) {
    const tournament = await ctx.tournaments.tournament(of.tournamentId);
    openRound.set(of.tournamentId, tournament?.status === 'running' ? tournament.round : undefined);
  }
  return openRound.get(of.tournamentId) === of.round;
}
