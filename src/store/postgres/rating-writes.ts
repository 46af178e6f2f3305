import type pg from 'pg';
import { COMPUTER_LEVELS } from '../../game/index.js';
import { computerRatingId, isRated } from '../../ratings/index.js';
import type { RebuiltChange, RebuiltRating } from '../backend.js';
import type { GameOver } from '../game-over.js';
import { type RatingLine, ratingLinesAfter } from '../rating-lines.js';

/**
 * A finished game's ratings (rating-lines.ts), inside the transaction that ended it. Ratings are
 * a person's across every server, so the server's lock is not enough: the rule set's own lock,
 * always taken after the server's, makes the games of one rule set rate one at a time, and the
 * order of `seq` the order they were rated in, which a rebuild replays.
 */
export async function writeRatings(client: pg.ClientBase, gameId: number, over: GameOver, now: number): Promise<void> {
  if (!isRated(over.results)) return;
  await client.query({
    name: 'crag_ratings_lock',
    text: "SELECT pg_advisory_xact_lock(hashtextextended('crag ratings ' || $1::text, 0))",
    values: [over.rules],
  });
  const stored = await client.query<RatingLine>({
    name: 'crag_rating_lines',
    text: 'SELECT rated_id AS "ratedId", mu, sigma, games FROM ratings WHERE rules = $1 AND rated_id = ANY($2::text[])',
    values: [over.rules, over.results.map((result) => result.playerId).concat(COMPUTER_IDS)],
  });
  const before = new Map(stored.rows.map((row) => [row.ratedId, row]));
  const lines = ratingLinesAfter(over, (ratedId) => before.get(ratedId));
  if (lines.length === 0) return;
  const columns = [lines.map((line) => line.ratedId), lines.map((line) => line.mu), lines.map((line) => line.sigma)];
  await client.query({
    name: 'crag_write_ratings',
    text: `WITH next AS (SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM rating_changes WHERE rules = $1),
      lines AS (SELECT * FROM unnest($3::text[], $4::float8[], $5::float8[], $6::int[]) AS l(rated_id, mu, sigma, games)),
      changed AS (
        INSERT INTO rating_changes (seq, game_id, rules, rated_id, mu, sigma)
        SELECT next.seq, $2, $1, l.rated_id, l.mu, l.sigma FROM lines l, next
      )
      INSERT INTO ratings (rules, rated_id, mu, sigma, games, updated_at)
      SELECT $1, l.rated_id, l.mu, l.sigma, l.games, $7 FROM lines l
      ON CONFLICT (rules, rated_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
        games = excluded.games, updated_at = excluded.updated_at`,
    values: [over.rules, gameId, ...columns, lines.map((line) => line.games), now],
  });
}

/**
 * A rebuild's ratings over the stored ones (StoreBackend.replaceRatings), under every rule set's
 * lock so that no game's end rates meanwhile.
 */
export async function replaceRatings(
  client: pg.ClientBase,
  ratings: readonly RebuiltRating[],
  changes: readonly RebuiltChange[],
): Promise<void> {
  for (const rules of new Set(ratings.map((line) => line.rules)).values())
    await client.query({
      text: "SELECT pg_advisory_xact_lock(hashtextextended('crag ratings ' || $1::text, 0))",
      values: [rules],
    });
  await client.query('DELETE FROM ratings');
  const now = Date.now();
  await client.query({
    text: `INSERT INTO ratings (rules, rated_id, mu, sigma, games, updated_at)
      SELECT l.rules, l.rated_id, l.mu, l.sigma, l.games, $6
      FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::int[]) AS l(rules, rated_id, mu, sigma, games)`,
    values: [
      ratings.map((line) => line.rules),
      ratings.map((line) => line.ratedId),
      ratings.map((line) => line.mu),
      ratings.map((line) => line.sigma),
      ratings.map((line) => line.games),
      now,
    ],
  });
  await client.query({
    text: `UPDATE rating_changes c SET mu = l.mu, sigma = l.sigma
      FROM unnest($1::bigint[], $2::text[], $3::float8[], $4::float8[]) AS l(game_id, rated_id, mu, sigma)
      WHERE c.game_id = l.game_id AND c.rated_id = l.rated_id`,
    values: [
      changes.map((change) => change.gameId),
      changes.map((change) => change.ratedId),
      changes.map((change) => change.mu),
      changes.map((change) => change.sigma),
    ],
  });
}

/** Every computer level's rating id, read with the people's in one query. */
const COMPUTER_IDS = COMPUTER_LEVELS.map(computerRatingId);
