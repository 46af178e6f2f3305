import type { ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { boardCommand } from './board.js';
import { endCommand } from './end.js';
import { hintCommand } from './hint.js';
import { leaderboardCommand } from './leaderboard.js';
import { leaveCommand } from './leave.js';
import { rulesCommand } from './rules.js';
import { sheetCommand } from './sheet.js';
import { startCommand } from './start.js';

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
};

export async function handleCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const subcommand = interaction.commandName === 'crag' ? interaction.options.getSubcommand(false) : null;
  const handler = subcommand ? HANDLERS[subcommand] : undefined;
  if (!handler) return refused('refusal.unknown-command');
  return handler(ctx, interaction);
}
