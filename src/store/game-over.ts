import { type GameState, isGameOver, standings } from '../game/index.js';
import { type PlayerGameRecord, recordGame } from '../stats/game-record.js';
import { addGame, NO_GAMES as NO_TOTALS, type PlayerTotals } from '../stats/player-totals.js';
import { type RuleSetKey, ruleSetKey } from '../stats/rule-sets.js';
import { packGame } from './packed-game.js';
import type { GameResult } from './types.js';

/** Finished or cancelled: such a game never changes again (the engine's rule, under the store's name). */
export const isOver = isGameOver;

export interface PlayerName {
  readonly playerId: string;
  readonly name: string;
}

/**
 * What the store writes when a game ends, worked out before its transaction opens: packing and the
 * analysis behind the statistics take about a millisecond, which no transaction should wait for.
 */
export interface GameOver {
  /** The packed state JSON the game's row keeps from now on. */
  readonly state: string;
  /** Every seat's result; none for a cancelled game, which counts for nobody. */
  readonly results: readonly GameResult[];
  /** Each person's figures, from the same analysis as "How did I play?". */
  readonly records: readonly PlayerGameRecord[];
  /** The people whose display name the game knows. */
  readonly names: readonly PlayerName[];
  /** Each person's points lost and decisions, for the skill ranking's sums: daily deals included. */
  readonly skill: readonly SkillResult[];
  readonly rules: RuleSetKey;
}

/** What one person's game adds to their skill sums, with the name the game showed them by. */
export interface SkillResult {
  readonly playerId: string;
  readonly name: string | null;
  readonly loss: number;
  readonly decisions: number;
}

/** What ending `state` writes; undefined for a game still in the lobby or in play. */
export function gameOver(state: GameState): GameOver | undefined {
  if (!isOver(state)) return undefined;
  const packed = packGame(state);
  const rules = ruleSetKey(state.rules);
  if (state.status !== 'finished') return { state: packed, results: [], records: [], names: [], skill: [], rules };
  const records = recordGame(state);
  const byPlayer = new Map(records.map((record) => [record.playerId, record]));
  const results = standings(state).map((standing) => {
    const record = byPlayer.get(standing.playerId);
    return {
      playerId: standing.playerId,
      total: standing.total,
      place: standing.place,
      isComputer: standing.computer !== null,
      won: record?.won ?? false,
      skillLoss: record?.skillLoss ?? null,
      luck: record?.luck ?? null,
      decisions: record?.decisions ?? null,
    };
  });
  const names = state.seats.flatMap((seat) =>
    seat.computer === null && seat.name !== undefined ? [{ playerId: seat.playerId, name: seat.name }] : [],
  );
  // Computers have no skill loss; a game without a decision of a person's (one who left at once) adds nothing.
  const skill = results.flatMap(({ playerId, skillLoss, decisions }) =>
    skillLoss !== null && decisions !== null && decisions > 0
      ? [
          {
            playerId,
            name: names.find((known) => known.playerId === playerId)?.name ?? null,
            loss: skillLoss,
            decisions,
          },
        ]
      : [],
  );
  // A daily deal or a tournament round counts in no leaderboard, series or statistics: only its
  // results (which the daily and tournament tables read) and the skill ranking.
  if (state.dailyDay !== undefined || state.tournamentRound !== undefined)
    return { state: packed, results, records: [], names: [], skill, rules };
  return { state: packed, results, records, names, skill, rules };
}

/** The game that ended, as its row says. */
export interface EndedGame {
  readonly id: number;
  readonly guildId: string;
  readonly seriesId: number;
  /** When its last action ended it, in epoch ms: the periods it counts in. */
  readonly finishedAt: number;
}

/** One aggregate row of player_stats: a person's figures in a period (the rule set and server are the game's). */
export interface StatLine {
  readonly playerId: string;
  readonly period: string;
  readonly totals: PlayerTotals;
}

/**
 * The player_stats rows a finished game changes: each person's, in each of `periods`, with the game
 * (which ended at `finishedAt`) added to what `before` says the row holds (undefined: no row yet).
 */
export function statLinesAfter(
  over: GameOver,
  finishedAt: number,
  periods: readonly string[],
  before: (playerId: string, period: string) => PlayerTotals | undefined,
): StatLine[] {
  return over.records.flatMap((record) =>
    periods.map((period) => ({
      playerId: record.playerId,
      period,
      totals: addGame(before(record.playerId, period) ?? NO_TOTALS, record, finishedAt),
    })),
  );
}

/** One row of series_players: a person's totals over the finished games of a series. */
export interface SeriesLine {
  readonly playerId: string;
  readonly games: number;
  readonly wins: number;
  readonly total: number;
  readonly best: number;
}

/** The series_players rows a finished game changes, with the game added to what `before` says they hold. */
export function seriesLinesAfter(
  over: GameOver,
  before: (playerId: string) => Omit<SeriesLine, 'playerId'> | undefined,
): SeriesLine[] {
  return over.records.map((record) => {
    const line = before(record.playerId);
    return {
      playerId: record.playerId,
      games: (line?.games ?? 0) + 1,
      wins: (line?.wins ?? 0) + (record.won ? 1 : 0),
      total: (line?.total ?? 0) + record.total,
      best: line ? Math.max(line.best, record.total) : record.total,
    };
  });
}
