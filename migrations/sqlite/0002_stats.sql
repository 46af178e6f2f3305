-- Statistics, seasons, and finished games that take little room (#17, #13).
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
-- game ever played. An index on last_action_at would do as much, but every click sets that column,
-- and SQLite rewrites the index entry of every column an UPDATE sets.
ALTER TABLE games ADD COLUMN ended_at INTEGER;
UPDATE games SET ended_at = last_action_at WHERE status IN ('finished', 'cancelled');
CREATE INDEX games_by_end ON games (ended_at) WHERE ended_at IS NOT NULL;

-- What each person's game counted for: a win only with at least two people at the table; skill
-- (expected points lost against optimal play) and luck, as "How did I play?" showed them. NULL for
-- computers. The reroll count is the game's, in its state.
ALTER TABLE game_results ADD COLUMN won INTEGER NOT NULL DEFAULT 0 CHECK (won IN (0, 1));
ALTER TABLE game_results ADD COLUMN skill_loss REAL;
ALTER TABLE game_results ADD COLUMN luck REAL;
ALTER TABLE game_results DROP COLUMN rerolls;

-- A server's seasons after the first (which began with its first game), one row per `/crag season
-- new`: who started it, and when.
CREATE TABLE seasons (
  guild_id TEXT NOT NULL,
  number INTEGER NOT NULL CHECK (number >= 2),
  started_at INTEGER NOT NULL,
  started_by TEXT NOT NULL,
  PRIMARY KEY (guild_id, number)
) WITHOUT ROWID;

-- Each person's figures per server, rule set and period (`all`, `season:3`, `month:2026-12`,
-- `week:2026-W49`), as sums: a finished game adds to four rows per person. row_points and row_zeros
-- hold 13 numbers in sheet order; recent holds the latest ten games as `total/skill`, oldest first.
CREATE TABLE player_stats (
  guild_id TEXT NOT NULL,
  period TEXT NOT NULL,
  rules TEXT NOT NULL CHECK (rules IN ('1-any', '1-no-pair', '2-any', '2-no-pair')),
  player_id TEXT NOT NULL,
  games INTEGER NOT NULL CHECK (games >= 1),
  wins INTEGER NOT NULL CHECK (wins BETWEEN 0 AND games),
  total INTEGER NOT NULL,
  best INTEGER NOT NULL,
  crags INTEGER NOT NULL,
  skill_loss REAL NOT NULL,
  luck REAL NOT NULL,
  row_points TEXT NOT NULL,
  row_zeros TEXT NOT NULL,
  recent TEXT NOT NULL,
  PRIMARY KEY (guild_id, period, rules, player_id)
) WITHOUT ROWID;

-- Each person's totals in a series (one rule set, one channel), for the series leaderboard and the
-- totals under a final board.
CREATE TABLE series_players (
  series_id INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
  player_id TEXT NOT NULL,
  games INTEGER NOT NULL CHECK (games >= 1),
  wins INTEGER NOT NULL CHECK (wins BETWEEN 0 AND games),
  total INTEGER NOT NULL,
  best INTEGER NOT NULL,
  PRIMARY KEY (series_id, player_id)
) WITHOUT ROWID;

-- How each person was shown at their latest finished game in a server, for leaderboards: a mention
-- reads as a bare number wherever Discord has not loaded the member.
CREATE TABLE player_names (
  guild_id TEXT NOT NULL,
  player_id TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (guild_id, player_id)
) WITHOUT ROWID;

-- Games that were over before this migration: the store packs them and counts them at its next start,
-- a batch per transaction, deleting each from here as it does.
CREATE TABLE games_to_pack (
  game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);
INSERT INTO games_to_pack (game_id) SELECT id FROM games WHERE status IN ('finished', 'cancelled');
