import { type GameState, serializeGame } from '../game/index.js';
import type { LeaderboardQuery, LeaderboardRow } from './types.js';

/**
 * The state JSON for the games table: everything but the sheets and the turns, which have tables of
 * their own. A click then rewrites a few hundred bytes rather than every score of every player.
 */
export function stateJson(state: GameState): string {
  return serializeGame({ ...state, sheets: {}, history: [] });
}

/** A leaderboard line as both backends' SQL returns it. */
export interface RankedRow {
  rank: number;
  player_id: string;
  total: number;
  games: number;
  wins: number;
  best: number;
}

/** The query's filter values, refusing a series board without its series. */
export function leaderboardFilter(query: LeaderboardQuery): {
  guildId: string;
  seriesId: number | null;
  rerolls: number;
} {
  if (query.scope === 'series' && query.seriesId === undefined) {
    throw new RangeError('a series leaderboard needs a seriesId');
  }
  return { guildId: query.guildId, seriesId: query.seriesId ?? null, rerolls: query.rerolls };
}

export function toLeaderboardRow(row: RankedRow): LeaderboardRow {
  return {
    rank: row.rank,
    playerId: row.player_id,
    total: row.total,
    games: row.games,
    wins: row.wins,
    average: row.total / row.games,
    best: row.best,
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
