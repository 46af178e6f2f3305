import { isRated, type Rating, ratedIdOf, rateGame } from '../ratings/index.js';
import type { GameOver } from './game-over.js';

/** A rated id's rating as stored: μ, σ and the games it is built from. */
export interface RatingLine extends Rating {
  readonly ratedId: string;
  readonly games: number;
}

/**
 * What a game's end writes to the ratings, read inside its transaction (both backends hold the
 * ratings lock there, so no other game's end reads the same ratings meanwhile): every rated id's
 * new line, in seat order; none for a game that is not rated.
 */
export function ratingLinesAfter(over: GameOver, before: (ratedId: string) => RatingLine | undefined): RatingLine[] {
  // A daily deal is one person's game: never rated.
  if (!isRated(over.results)) return [];
  const known = new Map<string, RatingLine | undefined>();
  for (const seat of over.results) {
    const id = ratedIdOf(seat);
    if (!known.has(id)) known.set(id, before(id));
  }
  const after = rateGame(over.results, (id) => known.get(id));
  return [...after].map(([ratedId, rating]) => ({
    ratedId,
    mu: rating.mu,
    sigma: rating.sigma,
    games: (known.get(ratedId)?.games ?? 0) + 1,
  }));
}
