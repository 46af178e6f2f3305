import { channelWide, personal } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import type { ComponentId } from '../../src/bot/custom-id.js';
import type { GuildComponent } from '../../src/bot/feature.js';
import type { Decision } from '../../src/bot/game-flow.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { MOVED_ON } from '../../src/bot/refusals.js';
import { dailyShareLine } from '../../src/bot/render/index.js';
import { answerPublicly, updateClicked } from '../../src/bot/replies.js';
import type { StoredGame } from '../../src/store/index.js';
import { actionFor } from '../game/controls.js';
import { sheetButton } from '../game/info.js';
import { dailyResultView, isDailyGame } from './result.js';
import { dailyMessage } from './show.js';

/**
 * A click on a daily board, which only its player sees (it is ephemeral): applied through the one
 * path of every state change, then the board is redrawn in place by the click's own response. A
 * click on a board that has moved on (another copy of it was played) redraws it as stored.
 */
export async function dailyClick(
  ctx: BotContext,
  interaction: GuildComponent,
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
  const changed = await ctx.flow.change(
    game.id,
    (stored): Decision => (stored.state.version === id.version ? actionFor(interaction, id.action) : MOVED_ON),
  );
  if (!changed.ok && changed.refusal !== MOVED_ON.refusal) return changed;
  const shown = changed.ok ? changed.game : await ctx.store.gameById(game.id);
  if (!shown) return refused('refusal.game-gone');
  await updateClicked(interaction, await dailyMessage(ctx, shown, tr));
  return undefined;
}

/** Posts the one share line in the channel, for everyone: no dice, no row's score. */
async function share(ctx: BotContext, interaction: GuildComponent, game: StoredGame): Promise<Outcome> {
  if (!isDailyGame(game) || game.state.status !== 'finished') return refused('refusal.daily-not-finished');
  const view = await dailyResultView(ctx, game);
  await answerPublicly(interaction, {
    content: dailyShareLine(view, channelWide(ctx.languages, interaction)),
    allowedMentions: { parse: [] },
  });
  return undefined;
}
