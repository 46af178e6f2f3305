import type { StoredGame } from '../store/index.js';
import type { BotContext } from './context.js';

/**
 * A new game whose first board could not be posted: nobody can see it or click it, so it ends (and
 * counts for nobody) rather than hold its channel until the idle sweep, a day later.
 */
export async function abandonUnseen(ctx: Pick<BotContext, 'flow' | 'boards'>, game: StoredGame): Promise<void> {
  await ctx.flow.change(game.id, () => ({ type: 'abandon' }));
  ctx.boards.forget(game.id);
}
