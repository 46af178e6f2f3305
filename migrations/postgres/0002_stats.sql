-- Statistics, seasons, and finished games that take little room (#17, #13): the tables, columns and
-- indexes of migrations/sqlite/0002_stats.sql in PostgreSQL's dialect.
--
-- A game that is over never changes again. The store keeps it packed in its state JSON
-- (src/store/packed-game.ts) and drops its sheet_rows and turn_history rows, in the transaction that
-- ends it; in that same transaction its people's figures are added to aggregates (player_stats,
-- series_players), which leaderboards and /crag stats read as they are, whatever the history's size.

-- Seats live in the state JSON, and nothing read this copy of them.
DROP TABLE game_seats;

-- The rules live in the state JSON and in the series; nothing read this copy either.
ALTER TABLE games DROP COLUMN rules;

-- Leaderboards no longer add up a server's games. What reads a server's games now is the history and
-- the export, finished games only, newest first: a partial index holds just those.
DROP INDEX games_by_guild;
CREATE INDEX games_finished_by_guild ON games (guild_id, id) WHERE status = 'finished';

-- When a game ended (finished or cancelled): its last action, kept apart because it never changes
-- again. At start-up the boards changed close to the newest action are redrawn; the games in play
-- are found through their partial index, those that ended through this one, without reading every
-- game ever played. An index on last_action_at would do as much, but every click sets that column:
-- no click could then be a HOT update (see 0001_init.sql), which no index on games may prevent.
ALTER TABLE games ADD COLUMN ended_at bigint;
UPDATE games SET ended_at = last_action_at WHERE status IN ('finished', 'cancelled');
CREATE INDEX games_by_end ON games (ended_at) WHERE ended_at IS NOT NULL;

-- What each person's game counted for: a win only with at least two people at the table; skill
-- (expected points lost against optimal play) and luck, as "How did I play?" showed them. NULL for
-- computers. The reroll count is the game's, in its state.
ALTER TABLE game_results ADD COLUMN won boolean NOT NULL DEFAULT false;
ALTER TABLE game_results ADD COLUMN skill_loss double precision;
ALTER TABLE game_results ADD COLUMN luck double precision;
ALTER TABLE game_results DROP COLUMN rerolls;

-- A server's seasons after the first (which began with its first game), one row per `/crag season
-- new`: who started it, and when.
CREATE TABLE seasons (
  guild_id text COLLATE "C" NOT NULL,
  number integer NOT NULL CHECK (number >= 2),
  started_at bigint NOT NULL,
  started_by text COLLATE "C" NOT NULL,
  PRIMARY KEY (guild_id, number)
);

-- Each person's figures per server, rule set and period (`all`, `season:3`, `month:2026-12`,
-- `week:2026-W49`), as sums: a finished game adds to four rows per person. row_points and row_zeros
-- hold 13 numbers in sheet order; recent holds the latest ten games as `total/skill`, oldest first.
CREATE TABLE player_stats (
  guild_id text COLLATE "C" NOT NULL,
  period text COLLATE "C" NOT NULL,
  rules text COLLATE "C" NOT NULL CHECK (rules IN ('1-any', '1-no-pair', '2-any', '2-no-pair')),
  player_id text COLLATE "C" NOT NULL,
  games integer NOT NULL CHECK (games >= 1),
  wins integer NOT NULL CHECK (wins BETWEEN 0 AND games),
  total integer NOT NULL,
  best integer NOT NULL,
  crags integer NOT NULL,
  skill_loss double precision NOT NULL,
  luck double precision NOT NULL,
  row_points text NOT NULL,
  row_zeros text NOT NULL,
  recent text NOT NULL,
  PRIMARY KEY (guild_id, period, rules, player_id)
);

-- Each person's totals in a series (one rule set, one channel), for the series leaderboard and the
-- totals under a final board.
CREATE TABLE series_players (
  series_id bigint NOT NULL REFERENCES series (id) ON DELETE CASCADE,
  player_id text COLLATE "C" NOT NULL,
  games integer NOT NULL CHECK (games >= 1),
  wins integer NOT NULL CHECK (wins BETWEEN 0 AND games),
  total integer NOT NULL,
  best integer NOT NULL,
  PRIMARY KEY (series_id, player_id)
);

-- How each person was shown at their latest finished game in a server, for leaderboards: a mention
-- reads as a bare number wherever Discord has not loaded the member.
CREATE TABLE player_names (
  guild_id text COLLATE "C" NOT NULL,
  player_id text COLLATE "C" NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (guild_id, player_id)
);

-- Games that were over before this migration: the store packs them and counts them at its next start,
-- one transaction per game, deleting each from here as it does.
CREATE TABLE games_to_pack (
  game_id bigint PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);
INSERT INTO games_to_pack (game_id) SELECT id FROM games WHERE status IN ('finished', 'cancelled');
