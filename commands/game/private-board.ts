import type { BotContext } from '../../src/bot/context.js';
import type { ComponentId } from '../../src/bot/custom-id.js';
import type { PlaceComponent } from '../../src/bot/feature.js';
import type { Decision } from '../../src/bot/game-flow.js';
import type { WithFiles } from '../../src/bot/game-message.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { MOVED_ON } from '../../src/bot/refusals.js';
import type { PrivateCard } from '../../src/bot/render/index.js';
import { updateClicked } from '../../src/bot/replies.js';
import type { StoredGame } from '../../src/store/index.js';
import { actionFor } from './controls.js';

/**
 * A turn control on a board only its player sees (a daily deal's, a tournament round's): applied
 * through the one path of every state change, then the board is redrawn in place by the click's own
 * response. A click on a board that has moved on (another copy of it was played) redraws it as
 * stored; so does one on a game that ended meanwhile, when `redrawWhenOver` (a round closed by its
 * deadline shows the entrant their total).
 */
export async function playPrivateBoard(
  ctx: BotContext,
  interaction: PlaceComponent,
  game: StoredGame,
  id: ComponentId,
  draw: (game: StoredGame) => Promise<WithFiles<PrivateCard>>,
  redrawWhenOver = false,
): Promise<Outcome> {
  const changed = await ctx.flow.change(
    game.id,
    (stored): Decision => (stored.state.version === id.version ? actionFor(interaction, id.action) : MOVED_ON),
  );
  const over = !changed.ok && redrawWhenOver && game.state.status !== 'playing';
  if (!changed.ok && changed.refusal !== MOVED_ON.refusal && !over) return changed;
  const shown = changed.ok ? changed.game : await ctx.store.gameById(game.id);
  if (!shown) return refused('refusal.game-gone');
  await updateClicked(interaction, await draw(shown));
  return undefined;
}
