import { personal } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import type { PlaceComponent } from '../../src/bot/feature.js';
import { sheetCard } from '../../src/bot/game-message.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { engineRefusal } from '../../src/bot/refusals.js';
import { renderAnalysis, renderHint } from '../../src/bot/render/index.js';
import { replyPrivately } from '../../src/bot/replies.js';
import { seatOf } from '../../src/game/index.js';
import type { StoredGame } from '../../src/store/index.js';

export async function sheetButton(ctx: BotContext, interaction: PlaceComponent, game: StoredGame): Promise<Outcome> {
  if (!seatOf(game.state, interaction.user.id)) return engineRefusal('not-in-game');
  await replyPrivately(interaction, await sheetCard(game, interaction.user.id, personal(ctx.languages, interaction)));
  return undefined;
}

/** Refuses a hint unless the asker is the player to act in a game that allows hints. */
export function hintRefusal(game: StoredGame, userId: string): Outcome {
  if (!game.hintsEnabled) return refused('refusal.hints-off');
  if (game.state.status !== 'playing') return refused('refusal.hints-not-in-play');
  const seat = game.state.seats[game.state.currentSeat];
  if (seat?.playerId !== userId) return refused('refusal.hints-not-your-turn');
  return undefined;
}

export async function hintButton(ctx: BotContext, interaction: PlaceComponent, game: StoredGame): Promise<Outcome> {
  const refusal = hintRefusal(game, interaction.user.id);
  if (refusal) return refusal;
  await replyPrivately(interaction, renderHint(game.state, personal(ctx.languages, interaction), ctx.dice.faces));
  return undefined;
}

export async function analysisButton(ctx: BotContext, interaction: PlaceComponent, game: StoredGame): Promise<Outcome> {
  if (game.state.status !== 'finished') return refused('refusal.analysis-not-ready');
  await replyPrivately(
    interaction,
    renderAnalysis(game.state, interaction.user.id, personal(ctx.languages, interaction)),
  );
  return undefined;
}
