import { rate, rating } from 'openskill';
import { describe, expect, it } from 'vitest';
import {
  conservative,
  isRated,
  NEW_RATING,
  type PlacedSeat,
  type Rating,
  ratedIdOf,
  rateGame,
} from '../../src/ratings/index.js';

const seat = (playerId: string, place: number, isComputer = false): PlacedSeat => ({ playerId, place, isComputer });

describe('ratings', () => {
  it('a known sequence of free-for-all games gives openskill’s own Plackett–Luce result', () => {
    // Five people over four games of 2–5 seats, with a shared place, one after another.
    const games: PlacedSeat[][] = [
      [seat('a', 1), seat('b', 2), seat('c', 3), seat('d', 4), seat('e', 5)],
      [seat('b', 1), seat('a', 2), seat('c', 2)],
      [seat('e', 1), seat('d', 2)],
      [seat('c', 1), seat('e', 2), seat('a', 3), seat('b', 3)],
    ];
    const ours = new Map<string, Rating>();
    const theirs = new Map<string, Rating>();
    for (const game of games) {
      for (const [id, after] of rateGame(game, (id) => ours.get(id))) ours.set(id, after);
      // openskill by hand: one team per seat, ranked by place (its default model is Plackett–Luce).
      const sorted = [...game].sort((x, y) => x.place - y.place || x.playerId.localeCompare(y.playerId));
      const result = rate(
        sorted.map((s) => [theirs.get(s.playerId) ?? rating()]),
        { rank: sorted.map((s) => s.place) },
      );
      for (const [i, s] of sorted.entries()) theirs.set(s.playerId, result[i]![0]!);
    }
    expect(ours).toEqual(theirs);
    // The first game's winner went up and its last went down; everyone's uncertainty fell.
    expect(ours.get('c')!.sigma).toBeLessThan(NEW_RATING.sigma);
    expect(conservative(ours.get('a')!)).toBe(ours.get('a')!.mu - 3 * ours.get('a')!.sigma);
  });

  it('rates two equals who share a place alike, and the order the seats come in changes nothing', () => {
    const tied = rateGame([seat('x', 1), seat('y', 1)], () => undefined);
    expect(tied.get('x')).toEqual(tied.get('y'));
    const one = rateGame([seat('p', 2), seat('q', 1), seat('r', 3)], () => undefined);
    const other = rateGame([seat('r', 3), seat('p', 2), seat('q', 1)], () => undefined);
    expect(other).toEqual(one);
    expect(one.get('q')!.mu).toBeGreaterThan(NEW_RATING.mu);
    expect(one.get('r')!.mu).toBeLessThan(NEW_RATING.mu);
  });

  it('rates only games of two or more people, and every computer seat of a level as that level', () => {
    expect(isRated([seat('a', 1), seat('cpu-strong-1', 2, true)])).toBe(false);
    expect(isRated([seat('a', 1), seat('b', 2), seat('cpu-strong-1', 3, true)])).toBe(true);
    expect(ratedIdOf(seat('cpu-strong-2', 1, true))).toBe('computer:strong');
    expect(ratedIdOf(seat('a', 1))).toBe('a');
    // Two strong computers in one game: the level ends with the mean of what its seats end with.
    const after = rateGame(
      [seat('a', 1), seat('cpu-strong-1', 2, true), seat('b', 3), seat('cpu-strong-2', 4, true)],
      () => undefined,
    );
    expect([...after.keys()].sort()).toEqual(['a', 'b', 'computer:strong']);
    const seats = rate([[rating()], [rating()], [rating()], [rating()]], { rank: [1, 2, 3, 4] });
    expect(after.get('computer:strong')!.mu).toBeCloseTo((seats[1]![0]!.mu + seats[3]![0]!.mu) / 2, 12);
  });
});
