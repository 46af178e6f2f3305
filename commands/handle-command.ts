import type { ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import type { Reach } from '../src/bot/feature.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import { inServerWithCrag } from '../src/bot/place.js';
import { board, postBoard } from './board.js';
import type { PlaceCommand, Subcommand } from './define.js';
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

/** Where the subcommand the interaction names may run (an unknown one: anywhere, to be refused as unknown). */
export function reachOf(interaction: ChatInputCommandInteraction): Reach {
  return subcommandOf(interaction)?.reach ?? 'anywhere';
}

/** Whether the subcommand runs where Discord shows every answer to the person alone (an unknown one does not). */
export function privatelyOf(interaction: ChatInputCommandInteraction): boolean {
  return subcommandOf(interaction)?.privately ?? false;
}

/** Runs the `/crag` subcommand the interaction names; a subcommand the bot does not know is refused. */
export async function handleCommand(ctx: BotContext, interaction: PlaceCommand): Promise<Outcome> {
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
async function bringBackLostBoard(ctx: BotContext, interaction: PlaceCommand): Promise<void> {
  // Boards are kept (and so lost) only where the bot posts with its own token.
  if (!interaction.inGuild() || !inServerWithCrag(interaction)) return;
  const game = await ctx.store.activeGameInChannel(interaction.channelId);
  if (game && ctx.boards.isLost(game)) await postBoard(ctx, interaction, game);
}
