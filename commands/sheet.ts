import { personal } from '../src/bot/audience.js';
import { sheetCard } from '../src/bot/game-message.js';
import { refused } from '../src/bot/outcome.js';
import { replyPrivately } from '../src/bot/replies.js';
import { seatOf } from '../src/game/index.js';
import { defineSubcommand } from './define.js';

/** `/crag sheet`: a player's sheet in this channel's latest game (one's own unless `player` is given), privately. */
export const sheet = defineSubcommand({
  name: 'sheet',
  nameKey: 'command.sheet.name',
  descriptionKey: 'command.sheet.description',
  answers: 'private',
  options: {
    player: { kind: 'user', nameKey: 'command.sheet.player.name', descriptionKey: 'command.sheet.player.description' },
  },
  handle: async (ctx, interaction, options) => {
    const game = await ctx.store.latestGameInChannel(interaction.channelId);
    if (!game) return refused('refusal.no-game-played');
    const playerId = options.player?.id ?? interaction.user.id;
    if (!seatOf(game.state, playerId)) {
      return refused(
        playerId === interaction.user.id ? 'refusal.not-in-latest-game' : 'refusal.player-not-in-latest-game',
      );
    }
    await replyPrivately(interaction, await sheetCard(game, playerId, personal(ctx.languages, interaction)));
    return undefined;
  },
});
