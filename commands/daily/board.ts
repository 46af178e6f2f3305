import { channelWide } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { placeOf } from '../../src/bot/place.js';
import { renderDailyServerBoard } from '../../src/bot/render/index.js';
import { answerPublicly } from '../../src/bot/replies.js';
import { dailyNumber, dayOf, FIRST_DAILY_DAY } from '../../src/game/index.js';
import { type CommandOptions, defineSubcommand, type OptionSpecs, type PlaceCommand } from '../define.js';
import { DAILY_GROUP } from './group.js';

/** A board lists this many results at most: a server's top of the day. */
export const BOARD_ROWS = 20;
/** The highest day number the board takes: far beyond any day the bot will see. */
const MAX_DAY_NUMBER = 100_000;

const OPTIONS = {
  day: {
    kind: 'integer',
    nameKey: 'command.daily.board.day.name',
    descriptionKey: 'command.daily.board.day.description',
    min: 1,
    max: MAX_DAY_NUMBER,
  },
} as const satisfies OptionSpecs;

/**
 * `/crag daily board [day]`: this place's (server's, DM's, group DM's) finished results of today's deal (by default) or an
 * earlier day's, for the channel to see. Nobody from another server is named; people still
 * playing are not listed, so the board never shows a total before its player has finished.
 */
export const dailyBoard = defineSubcommand({
  name: 'board',
  nameKey: 'command.daily.board.name',
  descriptionKey: 'command.daily.board.description',
  answers: 'public',
  reach: 'anywhere',
  group: DAILY_GROUP,
  options: OPTIONS,
  handle: postDailyBoard,
});

async function postDailyBoard(
  ctx: BotContext,
  interaction: PlaceCommand,
  options: CommandOptions<typeof OPTIONS>,
): Promise<Outcome> {
  const today = dayOf(interaction.createdTimestamp);
  const asked = options.day;
  const day = asked === null ? today : FIRST_DAILY_DAY + asked - 1;
  if (day > today) return refused('refusal.daily-no-such-day', { day: dailyNumber(day), today: dailyNumber(today) });
  const rows = await ctx.daily.store.serverBoard(placeOf(interaction), day, BOARD_ROWS);
  const optimum = rows.length > 0 ? ctx.daily.optimum.of(day).total : undefined;
  await answerPublicly(
    interaction,
    renderDailyServerBoard(day, rows, optimum, channelWide(ctx.languages, interaction)),
  );
  return undefined;
}
