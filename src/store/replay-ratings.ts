import { type PlacedSeat, rateGame } from '../ratings/index.js';
import type { RebuiltChange, RebuiltRating } from './backend.js';
import type { RatedSeatRow } from './reads-and-writes.js';

/**
 * Every rating rebuilt from the stored results of the rated games, replayed in the order they were
 * rated (`seq`, per rule set): the same arithmetic in the same order as at each game's end, so the
 * result equals what was stored, to the last bit, unless something changed a result or a rating.
 */
export function replayRatings(rows: readonly RatedSeatRow[]): {
  ratings: RebuiltRating[];
  changes: RebuiltChange[];
} {
  const lines = new Map<string, RebuiltRating>();
  const changes: RebuiltChange[] = [];
  let at = 0;
  while (at < rows.length) {
    const first = rows[at];
    if (!first) break;
    const seats: PlacedSeat[] = [];
    while (rows[at]?.game_id === first.game_id && rows[at]?.rules === first.rules) {
      const row = rows[at] as RatedSeatRow;
      seats.push({ playerId: row.player_id, place: row.place, isComputer: Boolean(row.is_computer) });
      at += 1;
    }
    const key = (ratedId: string) => `${first.rules} ${ratedId}`;
    const after = rateGame(seats, (ratedId) => lines.get(key(ratedId)));
    for (const [ratedId, rating] of after) {
      const games = (lines.get(key(ratedId))?.games ?? 0) + 1;
      lines.set(key(ratedId), { rules: first.rules, ratedId, mu: rating.mu, sigma: rating.sigma, games });
      changes.push({ rules: first.rules, gameId: first.game_id, ratedId, mu: rating.mu, sigma: rating.sigma });
    }
  }
  return { ratings: [...lines.values()], changes };
}
