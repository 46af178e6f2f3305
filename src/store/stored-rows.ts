import { deserializeGame, type GameState, serializeGame, type TurnRecord } from '../game/index.js';
import { mergeTotals } from '../stats/merge-totals.js';
import { ruleSetKey, rulesOfKey } from '../stats/rule-sets.js';
import { readPackedGame } from './packed-game.js';
import { type StatColumns, totalsFromColumns } from './stat-columns.js';
import type {
  GameResult,
  LeaderboardQuery,
  LeaderboardRow,
  PlayerResult,
  PlayerStatsLine,
  RankBy,
  RecentChange,
  Season,
} from './types.js';

/**
 * The state JSON for the games table while a game is in play: everything but the sheets and the
 * turns, which have tables of their own. A click then rewrites a few hundred bytes rather than every
 * score of every player. (A game that is over is stored packed instead: see game-over.ts.)
 */
export function stateJson(state: GameState): string {
  return serializeGame({ ...state, sheets: {}, history: [] });
}

/** A leaderboard line as both backends' SQL returns it. */
export interface RankedRow {
  rank: number;
  player_id: string;
  name: string | null;
  total: number;
  games: number;
  wins: number;
  best: number;
}

/** A leaderboard's filter values, for either scope (the other scope's are null). */
export interface LeaderboardFilter {
  readonly guildId: string;
  readonly seriesId: number | null;
  readonly rules: string | null;
  readonly period: string | null;
  readonly minGames: number;
}

export function leaderboardFilter(query: LeaderboardQuery): LeaderboardFilter {
  const minGames = Math.max(1, Math.trunc(query.minGames ?? 1));
  return query.scope === 'series'
    ? { guildId: query.guildId, seriesId: query.seriesId, rules: null, period: null, minGames }
    : { guildId: query.guildId, seriesId: null, rules: ruleSetKey(query.rules), period: query.period, minGames };
}

export function rankByOf(query: LeaderboardQuery): RankBy {
  return query.rankBy ?? 'total';
}

export function toLeaderboardRow(row: RankedRow): LeaderboardRow {
  return {
    rank: row.rank,
    playerId: row.player_id,
    name: row.name,
    total: row.total,
    games: row.games,
    wins: row.wins,
    average: row.total / row.games,
    best: row.best,
  };
}

/** A board changed lately, as both backends read it: a game in play with its last turn, or a game that is over. */
export interface ChangedBoardRow {
  id: number;
  guild_id: string;
  state: string;
  last_turn: string | null;
}

export function toRecentChange(row: ChangedBoardRow): RecentChange {
  // A game that is over keeps its turns in its packed state.
  const packed = readPackedGame(row.state);
  const lastTurn = packed ? packed.history.at(-1) : row.last_turn === null ? undefined : JSON.parse(row.last_turn);
  return {
    gameId: row.id,
    guildId: row.guild_id,
    state: packed ?? deserializeGame(row.state),
    lastTurn: lastTurn as TurnRecord | undefined,
  };
}

/** The newest last action among the guilds `inGuild` admits, from one row per guild; undefined for none. */
export function newestOf(
  perGuild: readonly { guild_id: string; newest: number }[],
  inGuild: (guildId: string) => boolean,
): number | undefined {
  let newest: number | undefined;
  for (const row of perGuild)
    if (inGuild(row.guild_id) && (newest === undefined || row.newest > newest)) newest = row.newest;
  return newest;
}

/** A player_stats row as both backends read it for /crag stats. */
export interface StatsRow extends StatColumns {
  rules: string;
}

/** The lines of a person's statistics, the rule set played most first. */
export function toStatsLines(rows: readonly StatsRow[]): PlayerStatsLine[] {
  return byMostPlayed(rows.map((row) => ({ rules: rulesOf(row), ...totalsFromColumns(row) })));
}

/** A person's rows from every place, one line per rule set with the places' figures merged, the most played first. */
export function toPersonStatsLines(rows: readonly StatsRow[]): PlayerStatsLine[] {
  const perRuleSet = new Map<string, StatsRow[]>();
  for (const row of rows) perRuleSet.set(row.rules, [...(perRuleSet.get(row.rules) ?? []), row]);
  const lines: PlayerStatsLine[] = [];
  for (const places of perRuleSet.values()) {
    const merged = mergeTotals(places.map(totalsFromColumns));
    if (merged && places[0]) lines.push({ rules: rulesOf(places[0]), ...merged });
  }
  return byMostPlayed(lines);
}

function rulesOf(row: StatsRow) {
  const rules = rulesOfKey(row.rules);
  if (!rules) throw new TypeError(`player_stats holds an unknown rule set ${row.rules}`);
  return rules;
}

function byMostPlayed(lines: PlayerStatsLine[]): PlayerStatsLine[] {
  return lines.sort((a, b) => b.games - a.games || ruleSetKey(a.rules).localeCompare(ruleSetKey(b.rules)));
}

/** A game_results row as both backends read it (SQLite's booleans are 0 and 1). */
export interface ResultRow {
  game_id: number;
  player_id: string;
  total: number;
  place: number;
  is_computer: boolean | number;
  won: boolean | number;
  skill_loss: number | null;
  luck: number | null;
}

export function toPlayerResult(row: ResultRow): PlayerResult {
  return { playerId: row.player_id, total: row.total, place: row.place, isComputer: Boolean(row.is_computer) };
}

export function toGameResult(row: ResultRow): GameResult {
  return {
    ...toPlayerResult(row),
    won: Boolean(row.won),
    skillLoss: row.skill_loss,
    luck: row.luck,
  };
}

/** A seasons row as both backends read it (who started it, and when, is kept in the table only). */
export interface SeasonRow {
  number: number;
}

/** A server's first season, which began with its first game; it has no row. */
export const FIRST_SEASON: Season = { number: 1 };

export function toSeason(row: SeasonRow | undefined): Season {
  return row ? { number: row.number } : FIRST_SEASON;
}
