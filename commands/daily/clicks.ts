import { channelWide, personal } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import type { ComponentId } from '../../src/bot/custom-id.js';
import type { PlaceComponent } from '../../src/bot/feature.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { dailyShareLine } from '../../src/bot/render/index.js';
import { answerPublicly } from '../../src/bot/replies.js';
import type { StoredGame } from '../../src/store/index.js';
import { sheetButton } from '../game/info.js';
import { playPrivateBoard } from '../game/private-board.js';
import { dailyResultView, isDailyGame } from './result.js';
import { dailyMessage } from './show.js';

/** A click on a daily board, which only its player sees (it is ephemeral; see playPrivateBoard). */
export async function dailyClick(
  ctx: BotContext,
  interaction: PlaceComponent,
  game: StoredGame,
  id: ComponentId,
): Promise<Outcome> {
  if (interaction.user.id !== game.state.hostId) return refused('refusal.daily-not-yours');
  const tr = personal(ctx.languages, interaction);
  switch (id.action.kind) {
    case 'sheet':
      return sheetButton(ctx, interaction, game);
    case 'share':
      return share(ctx, interaction, game);
    case 'keep':
    case 'reroll':
    case 'score':
      break;
    default:
      return refused('refusal.not-a-change');
  }
  return playPrivateBoard(ctx, interaction, game, id, (shown) => dailyMessage(ctx, shown, tr));
}

/** Posts the one share line in the channel, for everyone: no dice, no row's score. */
async function share(ctx: BotContext, interaction: PlaceComponent, game: StoredGame): Promise<Outcome> {
  if (!isDailyGame(game) || game.state.status !== 'finished') return refused('refusal.daily-not-finished');
  const view = await dailyResultView(ctx, game);
  await answerPublicly(interaction, {
    content: dailyShareLine(view, channelWide(ctx.languages, interaction)),
    allowedMentions: { parse: [] },
  });
  return undefined;
}
