import { personal } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import { dailyTable } from '../../src/bot/daily-deals.js';
import { displayName } from '../../src/bot/display-name.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { placeOf } from '../../src/bot/place.js';
import { replyPrivately } from '../../src/bot/replies.js';
import { createDailyGame, dailyNumber, dayOf } from '../../src/game/index.js';
import type { DailyEntry } from '../../src/store/daily/index.js';
import type { StoredGame } from '../../src/store/index.js';
import { defineSubcommand, type PlaceCommand } from '../define.js';
import { DAILY_GROUP } from './group.js';
import { dailyMessage } from './show.js';

/** The daily game has no timer; this only fills the column every game has. */
const DAILY_TURN_TIMER_SECONDS = 60;

/**
 * `/crag daily play`: deals today's game to the person, privately, on their first play of the day;
 * any later play shows it again: the board where they left off (after the 15-minute interaction
 * token has expired, this is how they get it back), or their result once finished.
 *
 * The day is the one Discord stamped the command with (its snowflake's time), so the deal flips at
 * midnight UTC as Discord's clock sees it.
 */
export const dailyPlay = defineSubcommand({
  name: 'play',
  nameKey: 'command.daily.play.name',
  descriptionKey: 'command.daily.play.description',
  answers: 'private',
  // A private board, answered through the interaction alone (its clicks: the game's control).
  reach: 'anywhere',
  group: DAILY_GROUP,
  options: {},
  handle: playDaily,
});

async function playDaily(ctx: BotContext, interaction: PlaceCommand): Promise<Outcome> {
  const day = dayOf(interaction.createdTimestamp);
  const playerId = interaction.user.id;
  const name = displayName(interaction);
  const claimed = await ctx.daily.store.claim({
    day,
    playerId,
    guildId: placeOf(interaction),
    name,
    startedAt: ctx.now(),
  });
  const entry: DailyEntry | undefined = claimed.ok ? undefined : claimed.entry;
  const game = (await dailyGameOf(ctx, entry)) ?? (await dealGame(ctx, day, playerId, name, placeOf(interaction)));
  if ('refusal' in game) return game;
  if (game.state.status === 'cancelled') return refused('refusal.daily-unfinished', { day: dailyNumber(day) });
  await replyPrivately(interaction, await dailyMessage(ctx, game, personal(ctx.languages, interaction)));
  return undefined;
}

async function dailyGameOf(ctx: BotContext, entry: DailyEntry | undefined): Promise<StoredGame | undefined> {
  return entry?.gameId == null ? undefined : ctx.store.gameById(entry.gameId);
}

/**
 * Stores the day's game for the person, started (its first keyed roll on the table), through the
 * same path as every other game, and ties it to their attempt. A game left from a crash between
 * the two is found by its table (one per person and day) and tied instead of dealing another.
 */
async function dealGame(
  ctx: BotContext,
  day: number,
  playerId: string,
  name: string,
  guildId: string,
): Promise<StoredGame | ReturnType<typeof refused>> {
  const table = dailyTable(day, playerId);
  const left = await ctx.store.latestGameInChannel(table);
  if (left) {
    await ctx.daily.store.attachGame(day, playerId, left.id);
    return left;
  }
  const opened = await ctx.flow.open(
    {
      guildId,
      channelId: table,
      state: createDailyGame(playerId, day, name),
      turnTimerSeconds: DAILY_TURN_TIMER_SECONDS,
      hintsEnabled: false,
      pingsEnabled: false,
    },
    [{ type: 'start', playerId }],
  );
  if (!opened.ok) return opened;
  await ctx.daily.store.attachGame(day, playerId, opened.game.id);
  return opened.game;
}
