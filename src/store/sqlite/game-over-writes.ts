import { periodKeysOf } from '../../stats/periods.js';
import { type EndedGame, type GameOver, seriesLinesAfter, statLinesAfter } from '../game-over.js';
import { ratingLinesAfter } from '../rating-lines.js';
import { statColumns, totalsFromColumns } from '../stat-columns.js';
import { toSeason } from '../stored-rows.js';
import type { WriteStatements } from './write-queries.js';

/**
 * Everything but the state row that a game's end writes, inside the transaction that writes the
 * packed state: its sheet rows and turns go (the packed state holds them), its results go in, and
 * its people's figures are added to their aggregates for each period, in the season current now
 * (a daily deal's only to the skill sums).
 * BEGIN IMMEDIATE holds the only write lock, so reading an aggregate and writing it back cannot
 * interleave with another game's end.
 */
export function writeGameOver(statements: WriteStatements, game: EndedGame, over: GameOver): void {
  statements.deleteSheetRows.run(game.id);
  statements.deleteTurnsFrom.run(game.id, 0);
  for (const result of over.results) {
    statements.insertResult.run(
      game.id,
      result.playerId,
      result.total,
      result.place,
      result.isComputer ? 1 : 0,
      result.won ? 1 : 0,
      result.skillLoss,
      result.luck,
      result.decisions ?? null,
    );
  }
  if (over.records.length === 0 && over.skill.length === 0) return;
  const season = toSeason(statements.currentSeason.get({ guildId: game.guildId })).number;
  const periods = periodKeysOf(game.finishedAt, season);
  for (const period of periods) {
    for (const skill of over.skill) {
      statements.upsertSkillLine.run({ guildId: game.guildId, period, rules: over.rules, ...skill });
    }
  }
  const lines = statLinesAfter(over, game.finishedAt, periods, (playerId, period) => {
    const row = statements.statLine.get(game.guildId, period, over.rules, playerId);
    return row && totalsFromColumns(row);
  });
  for (const { playerId, period, totals } of lines) {
    statements.upsertStatLine.run({
      guildId: game.guildId,
      period,
      rules: over.rules,
      playerId,
      ...statColumns(totals),
    });
  }
  const seriesLines = seriesLinesAfter(over, (playerId) => statements.seriesLine.get(game.seriesId, playerId));
  for (const line of seriesLines) statements.upsertSeriesLine.run({ seriesId: game.seriesId, ...line });
  for (const { playerId, name } of over.names) statements.upsertName.run(game.guildId, playerId, name);
}

/**
 * A finished game's ratings (rating-lines.ts), in the same transaction: BEGIN IMMEDIATE holds the
 * only write lock, so the ratings read here are the newest and the order of `seq` is the order the
 * games were rated in, which a rebuild replays.
 */
export function writeRatings(statements: WriteStatements, gameId: number, over: GameOver, now: number): void {
  const lines = ratingLinesAfter(over, (ratedId) => statements.ratingLine.get(over.rules, ratedId));
  if (lines.length === 0) return;
  const seq = statements.nextRatingSeq.get(over.rules) ?? 1;
  for (const line of lines) {
    statements.upsertRating.run({ rules: over.rules, now, ...line });
    statements.insertRatingChange.run({ seq, gameId, rules: over.rules, ...line });
  }
}
