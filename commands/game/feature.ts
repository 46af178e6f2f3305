import { launchFromLobby } from '../../src/activity/launch.js';
import { BRING_BACK_PREFIX, decodeBringBackId } from '../../src/bot/bring-back-id.js';
import type { BotContext } from '../../src/bot/context.js';
import { type ComponentId, decodeComponentId } from '../../src/bot/custom-id.js';
import { anywhereControl, type Feature, type PlaceComponent } from '../../src/bot/feature.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { placeOf } from '../../src/bot/place.js';
import { GAME_GONE } from '../../src/bot/refusals.js';
import { dailyClick } from '../daily/clicks.js';
import { isRoundGame, roundClick } from '../tournament/round-game.js';
import { bringBack } from './bring-back.js';
import { changeGame } from './controls.js';
import { analysisButton, hintButton, sheetButton } from './info.js';
import { playAgain } from './play-again.js';

/**
 * A control on a game's board (`crag:<game id>:<version>:<action>`): lobby, turn and after-game
 * buttons. A daily deal mints the same ids on its player's own board, so the game decides whose
 * click it is.
 */
async function gameControl(ctx: BotContext, interaction: PlaceComponent, id: ComponentId): Promise<Outcome> {
  const game = await ctx.store.gameById(id.gameId);
  if (!game) return GAME_GONE;
  // A daily deal is played on its player's own ephemeral board, wherever they opened it: a DM and a
  // group DM too, where it is answered through the interaction alone.
  if (game.state.dailyDay !== undefined) return dailyClick(ctx, interaction, game, id);
  // A tournament round's game is a server channel's.
  if (isRoundGame(game)) {
    if (!interaction.inGuild()) return refused('error.outside-server');
    return roundClick(ctx, interaction, game, id);
  }
  // Every other board is its channel's: a server's, a DM's or a group DM's (keyed by its channel id).
  if (game.channelId !== interaction.channelId || game.guildId !== placeOf(interaction)) {
    return refused('refusal.other-channel');
  }
  switch (id.action.kind) {
    case 'sheet':
      return sheetButton(ctx, interaction, game);
    case 'hint':
      return hintButton(ctx, interaction, game);
    case 'analysis':
      return analysisButton(ctx, interaction, game);
    case 'again':
      return playAgain(ctx, interaction, game, id.version);
    case 'table':
      // The table is the channel's: it opens on whatever game the channel holds by then.
      return launchFromLobby(ctx, interaction);
    default:
      return changeGame(ctx, interaction, game, id.action, id.version);
  }
}

/**
 * The game's own controls: join, leave, start, cancel, keep, reroll, score, the buttons after a game,
 * and a waiting board's "Bring the game back".
 */
export const gameFeature: Feature = {
  name: 'game',
  commands: [],
  // A private game's board (a server where the person lacks Use External Apps) is pressed there too.
  controls: [
    anywhereControl({ prefix: 'crag', privately: true, decode: decodeComponentId, handle: gameControl }),
    anywhereControl({ prefix: BRING_BACK_PREFIX, privately: true, decode: decodeBringBackId, handle: bringBack }),
  ],
};
