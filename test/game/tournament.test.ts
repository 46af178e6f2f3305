import { describe, expect, it } from 'vitest';
import {
  keyedDie,
  type RoundResult,
  roundPoints,
  seatTables,
  streamDie,
  tableSizes,
  tournamentStandings,
  tournamentStream,
} from '../../src/game/index.js';

const played = (playerId: string, total: number, loss = 0): RoundResult => ({ playerId, played: true, total, loss });
const absent = (playerId: string): RoundResult => ({ playerId, played: false, total: 0, loss: null });

describe("a duplicate round's points", () => {
  it('gives a point for each entrant beaten and a half for each tie; an absent entrant beats nobody', () => {
    const points = roundPoints([played('a', 120), played('b', 95), played('c', 95), absent('d'), absent('e')]);
    expect(points.map((p) => [p.playerId, p.points])).toEqual([
      ['a', 4],
      ['b', 2.5],
      ['c', 2.5],
      ['d', 0.5],
      ['e', 0.5],
    ]);
    // Every pair hands out exactly one point between them.
    expect(points.reduce((sum, p) => sum + p.points, 0)).toBe((5 * 4) / 2);
  });

  it('ranks a played game of 0 above an entrant who never played', () => {
    const [zero, none] = roundPoints([played('a', 0), absent('b')]);
    expect([zero?.points, none?.points]).toEqual([1, 0]);
  });
});

describe('the standings', () => {
  it('orders by points, then the total of totals, then fewer points lost, and shares a place only when all are equal', () => {
    const lines = tournamentStandings([
      { playerId: 'a', out: false, rounds: roundPoints([played('a', 100, 9)]).slice(0, 1) },
      { playerId: 'b', out: false, rounds: [{ ...played('b', 110, 3), points: 1 }] },
      { playerId: 'c', out: false, rounds: [{ ...played('c', 100, 2), points: 1 }] },
      { playerId: 'd', out: true, rounds: [{ ...played('d', 100, 2), points: 1 }] },
      { playerId: 'e', out: false, rounds: [{ ...played('e', 130, 0), points: 2 }] },
    ]);
    expect(lines.map((line) => [line.place, line.playerId])).toEqual([
      [1, 'e'],
      [2, 'b'],
      [3, 'c'],
      [3, 'd'],
      [5, 'a'],
    ]);
    expect(lines.find((line) => line.playerId === 'd')).toMatchObject({ out: true, totals: 100, roundsPlayed: 1 });
  });
});

describe("a round's deal", () => {
  it('is its own stream: not a day of the daily deal, and not another round', () => {
    const secret = Buffer.alloc(32, 5);
    const faces = (stream: string) =>
      Array.from({ length: 13 }, (_, turn) =>
        [0, 1, 2].map((slot) => streamDie(secret, stream, turn + 1, 0, slot)).join(''),
      );
    const round = faces(tournamentStream(7, 1));
    expect(round).toEqual(faces(tournamentStream(7, 1)));
    expect(round).not.toEqual(faces(tournamentStream(7, 2)));
    expect(round).not.toEqual(faces(tournamentStream(8, 1)));
    expect(faces('crag-daily:20500')).toEqual(
      Array.from({ length: 13 }, (_, turn) =>
        [0, 1, 2].map((slot) => keyedDie(secret, 20_500, turn + 1, 0, slot)).join(''),
      ),
    );
  });
});

describe('tables', () => {
  it('seats everyone at tables of two to five, as evenly as possible, at most four where that works', () => {
    expect(tableSizes(1)).toEqual([]);
    expect([2, 3, 4, 5].map(tableSizes)).toEqual([[2], [3], [4], [5]]);
    expect(tableSizes(6)).toEqual([3, 3]);
    expect(tableSizes(7)).toEqual([4, 3]);
    expect(tableSizes(13)).toEqual([4, 3, 3, 3]);
    for (let n = 2; n <= 200; n += 1) {
      const sizes = tableSizes(n);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(5);
    }
  });

  it('seats in the order given, Swiss-style: the leaders together', () => {
    expect(seatTables(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual([
      ['a', 'b', 'c', 'd'],
      ['e', 'f', 'g'],
    ]);
  });

  it("breaks a tie on points and totals by the opponents' points", () => {
    const line = (playerId: string, points: number, opponents: string[]) => ({
      playerId,
      out: false,
      rounds: [{ ...played(playerId, 100), points }],
      opponents,
    });
    const lines = tournamentStandings(
      [line('a', 1, ['c']), line('b', 1, ['d']), line('c', 3, ['a']), line('d', 0, ['b'])],
      'opponents',
    );
    expect(lines.map((l) => [l.place, l.playerId, l.opponentPoints])).toEqual([
      [1, 'c', 1],
      [2, 'a', 3],
      [3, 'b', 0],
      [4, 'd', 1],
    ]);
  });
});
