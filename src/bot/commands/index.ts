import type { ChatInputCommandInteraction } from 'discord.js';
import { dailyBoardCommand } from '../../../commands/daily/board.js';
import { dailyPlayCommand } from '../../../commands/daily/play.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { boardCommand, postBoard } from './board.js';
import { endCommand } from './end.js';
import { exportCommand } from './export.js';
import { hintCommand } from './hint.js';
import { historyCommand } from './history.js';
import { leaderboardCommand } from './leaderboard.js';
import { leaveCommand } from './leave.js';
import { rulesCommand } from './rules.js';
import { newSeasonCommand } from './season.js';
import { sheetCommand } from './sheet.js';
import { startCommand } from './start.js';
import { statsCommand } from './stats.js';

export type GuildCommand = ChatInputCommandInteraction<'cached' | 'raw'>;
type CommandHandler = (ctx: BotContext, interaction: GuildCommand) => Promise<Outcome>;

const HANDLERS: Readonly<Record<string, CommandHandler>> = {
  start: startCommand,
  leaderboard: leaderboardCommand,
  sheet: sheetCommand,
  rules: rulesCommand,
  board: boardCommand,
  hint: hintCommand,
  leave: leaveCommand,
  end: endCommand,
  stats: statsCommand,
  history: historyCommand,
  'season new': newSeasonCommand,
  export: exportCommand,
  'daily play': dailyPlayCommand,
  'daily board': dailyBoardCommand,
};

export async function handleCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const subcommand = interaction.commandName === 'crag' ? interaction.options.getSubcommand(false) : null;
  // A subcommand of a group (`/crag season new`) is named with its group.
  const group = interaction.options.getSubcommandGroup(false);
  const handler = subcommand ? HANDLERS[group ? `${group} ${subcommand}` : subcommand] : undefined;
  if (!handler) return refused('refusal.unknown-command');
  if (subcommand !== 'board') await bringBackLostBoard(ctx, interaction);
  return handler(ctx, interaction);
}

/**
 * A command in a channel whose game lost its board (deleted, or the bot lost access for a while)
 * answers first with a fresh board, through the interaction itself, which needs no channel
 * permission; the command's own answer follows.
 */
async function bringBackLostBoard(ctx: BotContext, interaction: GuildCommand): Promise<void> {
  const game = await ctx.store.activeGameInChannel(interaction.channelId);
  if (game && ctx.boards.isLost(game)) await postBoard(ctx, interaction, game);
}
