/**
 * The statistics recomputed from the games themselves, the plain way: every finished game's records
 * (recordGame, itself checked against the analysis), summed per server, period, rule set and person,
 * and per series and person. What the store keeps incrementally must equal this.
 */
import { expect } from 'vitest';
import { CATEGORY_IDS, type GameState } from '../../src/game/index.js';
import { recordGame } from '../../src/stats/game-record.js';
import { monthKey, weekKey } from '../../src/stats/periods.js';
import { ruleSetKey } from '../../src/stats/rule-sets.js';
import type { RowReader } from './helpers.js';

export interface CountedGame {
  readonly guildId: string;
  readonly seriesId: number;
  readonly state: GameState;
  /** When its last action ended it. */
  readonly finishedAt: number;
  /** The season current then. */
  readonly season: number;
}

export interface Figures {
  games: number;
  wins: number;
  total: number;
  best: number;
  crags: number;
  skillLoss: number;
  luck: number;
  rowPoints: number[];
  rowZeros: number[];
  /** The latest ten games, oldest first, as `total/skill` with skill to two decimals. */
  recent: string[];
}

export interface SeriesFigures {
  games: number;
  wins: number;
  total: number;
  best: number;
}

/** Keyed `guild|period|rules|player`; games in the order they finished. */
export function expectedStats(games: readonly CountedGame[]): Map<string, Figures> {
  const lines = new Map<string, Figures>();
  for (const game of games) {
    if (game.state.status !== 'finished') continue;
    const periods = [
      'all',
      `season:${game.season}`,
      `month:${monthKey(game.finishedAt)}`,
      `week:${weekKey(game.finishedAt)}`,
    ];
    for (const record of recordGame(game.state)) {
      for (const period of periods) {
        const key = `${game.guildId}|${period}|${ruleSetKey(game.state.rules)}|${record.playerId}`;
        const line = lines.get(key) ?? {
          games: 0,
          wins: 0,
          total: 0,
          best: -1,
          crags: 0,
          skillLoss: 0,
          luck: 0,
          rowPoints: CATEGORY_IDS.map(() => 0),
          rowZeros: CATEGORY_IDS.map(() => 0),
          recent: [],
        };
        line.games += 1;
        if (record.won) line.wins += 1;
        line.total += record.total;
        line.best = Math.max(line.best, record.total);
        if (record.rows.crag === 50) line.crags += 1;
        line.skillLoss += record.skillLoss;
        line.luck += record.luck;
        CATEGORY_IDS.forEach((row, index) => {
          line.rowPoints[index] = (line.rowPoints[index] ?? 0) + record.rows[row];
          if (record.rows[row] === 0) line.rowZeros[index] = (line.rowZeros[index] ?? 0) + 1;
        });
        line.recent = [
          ...line.recent,
          `${record.total}/${Math.round(record.skillLoss * 100) / 100}/${game.finishedAt}`,
        ].slice(-10);
        lines.set(key, line);
      }
    }
  }
  return lines;
}

/** Keyed `series|player`. */
export function expectedSeries(games: readonly CountedGame[]): Map<string, SeriesFigures> {
  const lines = new Map<string, SeriesFigures>();
  for (const game of games) {
    if (game.state.status !== 'finished') continue;
    for (const record of recordGame(game.state)) {
      const key = `${game.seriesId}|${record.playerId}`;
      const line = lines.get(key) ?? { games: 0, wins: 0, total: 0, best: -1 };
      line.games += 1;
      if (record.won) line.wins += 1;
      line.total += record.total;
      line.best = Math.max(line.best, record.total);
      lines.set(key, line);
    }
  }
  return lines;
}

/** What player_stats holds, read through a connection of its own, in the oracle's shape. */
export async function storedStats(db: RowReader): Promise<Map<string, Figures>> {
  const rows = await db.rows<{
    guild_id: string;
    period: string;
    rules: string;
    player_id: string;
    games: number;
    wins: number;
    total: number;
    best: number;
    crags: number;
    skill_loss: number;
    luck: number;
    row_points: string;
    row_zeros: string;
    recent: string;
  }>('SELECT * FROM player_stats');
  return new Map(
    rows.map((row) => [
      `${row.guild_id}|${row.period}|${row.rules}|${row.player_id}`,
      {
        games: row.games,
        wins: row.wins,
        total: row.total,
        best: row.best,
        crags: row.crags,
        skillLoss: row.skill_loss,
        luck: row.luck,
        rowPoints: row.row_points.split(',').map(Number),
        rowZeros: row.row_zeros.split(',').map(Number),
        recent: row.recent === '' ? [] : row.recent.split(','),
      },
    ]),
  );
}

export async function storedSeries(db: RowReader): Promise<Map<string, SeriesFigures>> {
  const rows = await db.rows<{ series_id: number; player_id: string } & SeriesFigures>(
    'SELECT series_id, player_id, games, wins, total, best FROM series_players',
  );
  return new Map(
    rows.map((row) => [
      `${row.series_id}|${row.player_id}`,
      { games: row.games, wins: row.wins, total: row.total, best: row.best },
    ]),
  );
}

/**
 * The stored figures equal the oracle's, row for row; sums of skill and luck, added in another
 * order, to within 1e-9 (what is shown has one decimal).
 */
export function expectSameFigures(stored: ReadonlyMap<string, Figures>, expected: ReadonlyMap<string, Figures>): void {
  expect([...stored.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [key, line] of expected) {
    const found = stored.get(key);
    expect({ key, ...found, skillLoss: 0, luck: 0 }).toEqual({ key, ...line, skillLoss: 0, luck: 0 });
    expect(Math.abs((found?.skillLoss ?? Number.NaN) - line.skillLoss), key).toBeLessThan(1e-9);
    expect(Math.abs((found?.luck ?? Number.NaN) - line.luck), key).toBeLessThan(1e-9);
  }
}
