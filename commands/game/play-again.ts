import { channelWide } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import { displayName } from '../../src/bot/display-name.js';
import type { PlaceComponent } from '../../src/bot/feature.js';
import { asEdit, boardView, gameMessage, type WithFiles } from '../../src/bot/game-message.js';
import { keepToken } from '../../src/bot/kept-token.js';
import { openNextGame } from '../../src/bot/next-game.js';
import type { Outcome } from '../../src/bot/outcome.js';
import { type MessagePayload, renderGame, SCORE_CARD_FILE } from '../../src/bot/render/index.js';
import { answerPublicly, updateClicked } from '../../src/bot/replies.js';
import { starterOf } from '../../src/bot/start-gate.js';
import { abandonUnseen } from '../../src/bot/unseen-game.js';
import type { Translator } from '../../src/i18n/index.js';
import type { StoredGame } from '../../src/store/index.js';

export async function playAgain(
  ctx: BotContext,
  interaction: PlaceComponent,
  game: StoredGame,
  version: number,
): Promise<Outcome> {
  const opened = await openNextGame(
    ctx,
    game,
    version,
    { playerId: interaction.user.id, name: displayName(interaction) },
    () => starterOf(interaction),
  );
  if (!opened.ok) return opened;
  await showNextGame(ctx, interaction, game, opened.game);
  // The first turn is somebody else's when the one who pressed Play again does not open the game.
  ctx.pings.turnMoved(opened.game, interaction.user.id);
  ctx.log.info('next game of a series started', {
    gameId: opened.game.id,
    seriesId: opened.game.seriesId,
    number: opened.game.seriesGameNumber,
  });
  return undefined;
}

/**
 * Takes Play again off the old standings and posts the next game's board below them. The board
 * matters more than the edit: when the edit fails, the board answers the click itself. A board that
 * could not be posted at all would leave a game nobody sees in the channel, so the game is abandoned
 * then, as /crag start abandons a lobby it could not post.
 */
async function showNextGame(
  ctx: BotContext,
  interaction: PlaceComponent,
  finished: StoredGame,
  next: StoredGame,
): Promise<void> {
  ctx.boards.willPost(next.id);
  const tr = channelWide(ctx.languages, interaction);
  try {
    await updateClicked(interaction, asEdit(await standingsWithoutPlayAgain(ctx, interaction, finished, tr))).catch(
      (error: unknown) =>
        ctx.log.warn('could not take Play again off the old standings', { gameId: finished.id, error }),
    );
    // Its allowed mentions are none: the first player's ping comes apart (TurnPings).
    const messageId = await answerPublicly(interaction, await gameMessage(ctx, next, tr, ctx.dice.faces));
    // Where the bot is not a member, the new board is this press's follow-up: its token reaches it,
    // with the follow-up spent on it counted (follow-up-tally.ts).
    if (messageId) await keepToken(ctx.boards, interaction, next.id);
    if (messageId) await ctx.boards.adopt(next, messageId, next.state.version);
  } catch (error) {
    await abandonUnseen(ctx, next);
    throw error;
  }
}

/**
 * The old final standings, which no longer offer to play again. The score card already attached
 * stays: an edit that names no attachments keeps them all. Naming the card by its id instead would
 * fail (Attachment not found) when a redraw of the standings since the click attached a new card.
 * Standings drawn before the bot attached cards get theirs now.
 */
async function standingsWithoutPlayAgain(
  ctx: BotContext,
  interaction: PlaceComponent,
  game: StoredGame,
  tr: Translator,
): Promise<WithFiles<MessagePayload>> {
  const hasCard = interaction.message.attachments.some((attachment) => attachment.name === SCORE_CARD_FILE);
  if (!hasCard) return gameMessage(ctx, game, tr, ctx.dice.faces);
  const boardTr = await ctx.houseRules.translatorFor(game.id, tr);
  return renderGame(await boardView(ctx, game), boardTr, ctx.dice.faces);
}
