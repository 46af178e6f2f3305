import type { BotContext } from '../../src/bot/context.js';
import type { DailyResultView } from '../../src/bot/render/index.js';
import type { GameState } from '../../src/game/index.js';
import { dailyOutcome, percentile, streakOf } from '../../src/stats/daily-result.js';
import type { StoredGame } from '../../src/store/index.js';

/** How far back a streak is read: more than a year in a row is still shown, as a year. */
const STREAK_DAYS_READ = 400;

/**
 * What the end of a person's daily game shows them, read after it finished: their outcome from the
 * analysis, the optimum's total (played once per day), their place among the day's finished results
 * in the server they played in and worldwide, and their streak.
 */
export async function dailyResultView(
  ctx: BotContext,
  game: StoredGame & { readonly state: GameState & { readonly dailyDay: number } },
): Promise<DailyResultView> {
  const day = game.state.dailyDay;
  const playerId = game.state.hostId;
  const outcome = dailyOutcome(game.state, playerId);
  const store = ctx.daily.store;
  const [server, world, days] = await Promise.all([
    store.standing(day, outcome.total, game.guildId),
    store.standing(day, outcome.total),
    store.finishedDays(playerId, day - STREAK_DAYS_READ, day),
  ]);
  return {
    gameId: game.id,
    version: game.state.version,
    day,
    outcome,
    optimum: ctx.daily.optimum.of(day).total,
    place: server.better + 1,
    serverFinished: server.finished,
    worldFinished: world.finished,
    worldBetter: world.better,
    percentile: percentile(world),
    streak: streakOf(days, day),
  };
}

/** A stored game that plays a daily deal, typed so. */
export function isDailyGame(
  game: StoredGame,
): game is StoredGame & { readonly state: GameState & { readonly dailyDay: number } } {
  return game.state.dailyDay !== undefined;
}
