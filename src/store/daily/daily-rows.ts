import { ruleSetKey } from '../../stats/rule-sets.js';
import type { EntryRow, SkillRow } from './daily-sql.js';
import type { DailyBoardRow, DailyEntry, SkillLine, SkillQuery } from './daily-store.js';

/** The daily stream's key; its migration made it, so a database without it was altered by hand. */
export function secretOf(row: { secret: Buffer } | undefined): Buffer {
  if (!row) throw new Error('daily_secret has no row: the migration that adds the daily deal makes it');
  return row.secret;
}

export function toEntry(row: EntryRow): DailyEntry {
  return {
    day: Number(row.day),
    playerId: row.player_id,
    guildId: row.guild_id,
    gameId: row.game_id === null ? null : Number(row.game_id),
    name: row.name,
    total: row.total,
    loss: row.loss,
    decisions: row.decisions,
  };
}

export function toSkillLine(row: SkillRow): SkillLine {
  return {
    playerId: row.player_id,
    name: row.name,
    games: Number(row.games),
    decisions: Number(row.decisions),
    loss: Number(row.loss),
    lossSquared: Number(row.loss_squared),
    decisionsSquared: Number(row.decisions_squared),
    lossTimesDecisions: Number(row.loss_times_decisions),
  };
}

/** personSkillLines' parameters, in the order of its `?`s (daily-sql.ts). */
export function personSkillParams({ guildId, rules, period, minGames, playerId }: SkillQuery): unknown[] {
  const key = [period, ruleSetKey(rules)];
  const asker = playerId ?? null;
  return [guildId, guildId, ...key, guildId, ...key, asker, minGames, asker];
}

/** Board rows with places: equal totals share one (1, 1, 3). */
export function withPlaces(
  rows: readonly { player_id: string; name: string | null; total: number }[],
): DailyBoardRow[] {
  return rows.map((row) => ({
    place: rows.findIndex((other) => other.total === row.total) + 1,
    playerId: row.player_id,
    name: row.name,
    total: row.total,
  }));
}
