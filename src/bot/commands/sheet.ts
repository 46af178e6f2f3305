import { seatOf } from '../../game/index.js';
import { personal } from '../audience.js';
import type { BotContext } from '../context.js';
import { sheetCard } from '../game-message.js';
import { type Outcome, refused } from '../outcome.js';
import { replyPrivately } from '../replies.js';
import type { GuildCommand } from './index.js';
import { readOptions } from './options.js';

export async function sheetCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const game = await ctx.store.latestGameInChannel(interaction.channelId);
  if (!game) return refused('refusal.no-game-played');
  const playerId = readOptions(interaction, 'sheet').player?.id ?? interaction.user.id;
  if (!seatOf(game.state, playerId)) {
    return refused(
      playerId === interaction.user.id ? 'refusal.not-in-latest-game' : 'refusal.player-not-in-latest-game',
    );
  }
  await replyPrivately(interaction, await sheetCard(game, playerId, personal(ctx.languages, interaction)));
  return undefined;
}
