import { seatOf } from '../../game/index.js';
import type { StoredGame } from '../../store/index.js';
import { type Outcome, refused } from '../outcome.js';
import { renderAnalysis, renderHint, renderSheet } from '../render/index.js';
import { replyPrivately } from '../replies.js';
import type { GuildComponent } from './index.js';

export async function sheetButton(interaction: GuildComponent, game: StoredGame): Promise<Outcome> {
  if (!seatOf(game.state, interaction.user.id)) return refused('You are not playing in this game.');
  await replyPrivately(interaction, renderSheet(game.state, interaction.user.id));
  return undefined;
}

/** Refuses a hint unless the asker is the player to act in a game that allows hints. */
export function hintRefusal(game: StoredGame, userId: string): Outcome {
  if (!game.hintsEnabled) return refused('The host turned hints off for this game.');
  if (game.state.status !== 'playing') return refused('Hints are for a game in play.');
  const seat = game.state.seats[game.state.currentSeat];
  if (seat?.playerId !== userId) return refused('Hints are for the player whose turn it is.');
  return undefined;
}

export async function hintButton(interaction: GuildComponent, game: StoredGame): Promise<Outcome> {
  const refusal = hintRefusal(game, interaction.user.id);
  if (refusal) return refusal;
  await replyPrivately(interaction, renderHint(game.state));
  return undefined;
}

export async function analysisButton(interaction: GuildComponent, game: StoredGame): Promise<Outcome> {
  if (game.state.status !== 'finished') return refused('The analysis is ready when the game is over.');
  await replyPrivately(interaction, renderAnalysis(game.state, interaction.user.id));
  return undefined;
}
