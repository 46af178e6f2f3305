import type { AnswerableInteraction } from './answerable.js';
import type { BoardPublisher } from './board-publisher.js';
import { countedByGame, followUpsMadeThrough } from './follow-up-tally.js';
import { webhookTokenOf } from './install-place.js';

/**
 * Where the bot is not a member, the token an interaction on a game's board brings (the /crag start
 * that posted it, a press on it, Play again's next board) becomes the game's way out: kept with the
 * follow-ups its handler made through it already, and every later one it makes is counted in the
 * store first (follow-up-tally.ts), so that the publisher's pings and the handler's own follow-ups
 * together never reach a sixth. Elsewhere nothing happens: the bot's own token reaches the board.
 */
export async function keepToken(
  boards: Pick<BoardPublisher, 'tokenFrom' | 'reserveFollowUp'>,
  interaction: AnswerableInteraction,
  gameId: number,
): Promise<void> {
  const token = webhookTokenOf(interaction);
  if (!token) return;
  if (await boards.tokenFrom(gameId, token, followUpsMadeThrough(interaction)))
    countedByGame(interaction, () => boards.reserveFollowUp(gameId, token.token));
}
