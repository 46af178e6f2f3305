import { PermissionFlagsBits } from 'discord.js';
import { channelWide } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import { gameMessage } from '../src/bot/game-message.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import { answerPublicly } from '../src/bot/replies.js';
import type { StoredGame } from '../src/store/index.js';
import { defineSubcommand, type GuildCommand } from './define.js';

/**
 * `/crag board`: posts the board again at the bottom of the channel; the old message loses its controls. Only for
 * the players at the table and members who may manage messages: anyone else could flood the channel.
 */
export const board = defineSubcommand({
  name: 'board',
  nameKey: 'command.board.name',
  descriptionKey: 'command.board.description',
  answers: 'public',
  options: {},
  handle: postBoardAgain,
});

async function postBoardAgain(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const game = await ctx.store.activeGameInChannel(interaction.channelId);
  if (!game) return refused('refusal.no-game-to-post');
  const seated = game.state.seats.some((seat) => seat.playerId === interaction.user.id && !seat.left);
  const moderator = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;
  if (!seated && !moderator) return refused('refusal.board-not-allowed');
  const wait = ctx.cooldowns.check('board', interaction.user.id);
  if (wait) return wait;
  await postBoard(ctx, interaction, game);
  return undefined;
}

/** Answers the interaction with the game's board, which becomes the one the bot keeps up to date. */
export async function postBoard(ctx: BotContext, interaction: GuildCommand, game: StoredGame): Promise<void> {
  const board = await gameMessage(ctx, game, channelWide(ctx.languages, interaction), ctx.dice.faces);
  const messageId = await answerPublicly(interaction, board);
  if (messageId) await ctx.boards.adopt(game, messageId, game.state.version);
}
