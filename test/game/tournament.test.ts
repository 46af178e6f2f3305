import { describe, expect, it } from 'vitest';
import {
  keyedDie,
  type RoundResult,
  roundPoints,
  streamDie,
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
