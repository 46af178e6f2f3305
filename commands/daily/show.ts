import type { BotContext } from '../../src/bot/context.js';
import { type DiceFaces, type PrivateCard, renderDailyBoard, renderDailyResult } from '../../src/bot/render/index.js';
import { gameView } from '../../src/bot/view.js';
import type { Translator } from '../../src/i18n/index.js';
import type { StoredGame } from '../../src/store/index.js';
import { dailyResultView, isDailyGame } from './result.js';

/** A daily game as its player sees it: the board while in play, the result once finished. */
export async function dailyMessage(ctx: BotContext, game: StoredGame, tr: Translator): Promise<PrivateCard> {
  if (!isDailyGame(game)) throw new Error(`game ${game.id} is not a daily deal`);
  if (game.state.status === 'finished') return renderDailyResult(await dailyResultView(ctx, game), tr);
  return renderDailyBoard(await gameView(ctx.store, game), game.state.dailyDay, tr, ctx.dice.faces as DiceFaces);
}
