import type { ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import { board, postBoard } from './board.js';
import type { GuildCommand, Subcommand } from './define.js';
import { SUBCOMMANDS } from './subcommands.js';

/** Each subcommand by the name Discord sends: a subcommand of a group (`/crag season new`) with its group. */
const BY_NAME = new Map<string, Subcommand>(
  SUBCOMMANDS.map((subcommand) => [
    subcommand.group ? `${subcommand.group.name} ${subcommand.name}` : subcommand.name,
    subcommand,
  ]),
);

function subcommandOf(interaction: ChatInputCommandInteraction): Subcommand | undefined {
  const name = interaction.commandName === 'crag' ? interaction.options.getSubcommand(false) : null;
  const group = interaction.options.getSubcommandGroup(false);
  return name ? BY_NAME.get(group ? `${group} ${name}` : name) : undefined;
}

/** Who usually sees the command's answer (an unknown subcommand answers privately). */
export function answersOf(interaction: ChatInputCommandInteraction): 'public' | 'private' {
  return subcommandOf(interaction)?.answers ?? 'private';
}

/** Runs the `/crag` subcommand the interaction names; a subcommand the bot does not know is refused. */
export async function handleCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const subcommand = subcommandOf(interaction);
  if (!subcommand) return refused('refusal.unknown-command');
  if (subcommand !== board) await bringBackLostBoard(ctx, interaction);
  return subcommand.run(ctx, interaction);
}

/**
 * A command in a channel whose game lost its board (deleted, or the bot lost access for a while)
 * answers first with a fresh board, through the interaction itself, which needs no channel
 * permission; the command's own answer follows. `/crag board` posts one itself.
 */
async function bringBackLostBoard(ctx: BotContext, interaction: GuildCommand): Promise<void> {
  const game = await ctx.store.activeGameInChannel(interaction.channelId);
  if (game && ctx.boards.isLost(game)) await postBoard(ctx, interaction, game);
}
