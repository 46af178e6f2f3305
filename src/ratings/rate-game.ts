import { ordinal, rate, rating } from 'openskill';
import { type ComputerLevel, parseComputerPlayerId } from '../game/index.js';

/**
 * Ratings (issue 43): OpenSkill's Plackett–Luce model, which rates a free-for-all of any number of
 * players from their places alone, ties included; Elo and Glicko-2 rate pairs. Each rule set is
 * rated apart (a second reroll is worth about 35 points). openskill's defaults are kept: μ 25,
 * σ 25/3, and the conservative value μ − 3σ that the leaderboard ranks by.
 */
export interface Rating {
  readonly mu: number;
  readonly sigma: number;
}

export const NEW_RATING: Rating = rating();

/** One seat of a finished game, as the store keeps it. */
export interface PlacedSeat {
  readonly playerId: string;
  /** 1 for the best total; equal totals share a place. */
  readonly place: number;
  readonly isComputer: boolean;
}

/**
 * Who a seat's rating belongs to: the person, or for a computer its level, `computer:<level>`,
 * which every computer seat of that level shares, so that a person can read "you rate above the
 * strong computer". Such ids are never ranked among people.
 */
export function ratedIdOf(seat: Pick<PlacedSeat, 'playerId' | 'isComputer'>): string {
  if (!seat.isComputer) return seat.playerId;
  const level: ComputerLevel = parseComputerPlayerId(seat.playerId)?.level ?? 'easy';
  return computerRatingId(level);
}

export function computerRatingId(level: ComputerLevel): string {
  return `computer:${level}`;
}

export function isComputerRatingId(id: string): boolean {
  return id.startsWith('computer:');
}

/** Only games of two or more people are rated: a person alone with computers proves less, and a daily deal is one person. */
export function isRated(seats: readonly PlacedSeat[]): boolean {
  return seats.filter((seat) => !seat.isComputer).length >= 2;
}

/** The conservative value the leaderboard ranks by: μ − 3σ (openskill's ordinal). */
export function conservative(value: Rating): number {
  return ordinal(value);
}

/**
 * Every rated id's rating after the game, from `before` (absent: a new rating). Each seat is one
 * team of one in openskill's terms, ranked by its place. Two computer seats of one level in a game
 * each start from the level's rating, and the level takes the mean of what they end with.
 */
export function rateGame(
  unordered: readonly PlacedSeat[],
  before: (id: string) => Rating | undefined,
): Map<string, Rating> {
  // One order whatever order the seats come in (a rebuild reads them back from the store): floating
  // point sums in another order could differ in the last bit, and a rebuild must give exactly the same.
  const seats = [...unordered].sort(
    (a, b) => a.place - b.place || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0),
  );
  const ids = seats.map(ratedIdOf);
  const teams = ids.map((id) => {
    const prior = before(id) ?? NEW_RATING;
    return [{ mu: prior.mu, sigma: prior.sigma }];
  });
  const after = rate(teams, { rank: seats.map((seat) => seat.place) });
  const sums = new Map<string, { mu: number; sigma: number; n: number }>();
  ids.forEach((id, i) => {
    const rated = after[i]?.[0];
    if (!rated) return;
    const sum = sums.get(id) ?? { mu: 0, sigma: 0, n: 0 };
    sums.set(id, { mu: sum.mu + rated.mu, sigma: sum.sigma + rated.sigma, n: sum.n + 1 });
  });
  return new Map([...sums].map(([id, sum]) => [id, { mu: sum.mu / sum.n, sigma: sum.sigma / sum.n }]));
}
