-- The daily deal and the skill ranking (#25).

-- The key of the daily dice stream: 32 random bytes, never shown. One row, made here rather than by
-- the bot, so that starting the bot on a database already migrated writes nothing: a damaged file
-- is refused as it was found. randomblob() is SQLite's ChaCha20 stream, seeded from the system's
-- randomness.
CREATE TABLE daily_secret (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  secret BLOB NOT NULL CHECK (length(secret) >= 32),
  created_at INTEGER NOT NULL
);
INSERT INTO daily_secret (id, secret, created_at) VALUES (1, randomblob(32), CAST(unixepoch('subsec') * 1000 AS INTEGER));

-- One attempt per person per UTC day, in whichever server they played it. The row is claimed when
-- the game is dealt (its key refuses a second attempt); total, loss and decisions are filled in by
-- the trigger below in the transaction that finishes the game, so a finished daily game always has
-- its result. A game abandoned before its end leaves them NULL: unfinished, on no board.
CREATE TABLE daily_results (
  day INTEGER NOT NULL,
  player_id TEXT NOT NULL,
  guild_id TEXT NOT NULL,
  game_id INTEGER REFERENCES games (id) ON DELETE SET NULL,
  -- How the server showed the person when they played: the server's board names them by it.
  name TEXT,
  started_at INTEGER NOT NULL,
  total INTEGER,
  loss REAL,
  decisions INTEGER,
  PRIMARY KEY (day, player_id)
) WITHOUT ROWID;
-- The world percentile counts a day's finished totals above one: a range of this index.
CREATE INDEX daily_results_world ON daily_results (day, total) WHERE total IS NOT NULL;
-- A server's board of a day, best first.
CREATE INDEX daily_results_server ON daily_results (guild_id, day, total) WHERE total IS NOT NULL;
-- Finishing a game finds its daily row by game (the trigger below).
CREATE INDEX daily_results_game ON daily_results (game_id);
-- A person's streak reads their finished days, newest first.
CREATE INDEX daily_results_player ON daily_results (player_id, day) WHERE total IS NOT NULL;

-- The skill ranking: expected points lost per decision. game_results already holds each person's
-- points lost; this is how many decisions they were lost over (NULL for computers and for games
-- finished before this migration, which the ranking leaves out).
ALTER TABLE game_results ADD COLUMN decisions INTEGER CHECK (decisions >= 0);

CREATE TRIGGER daily_result_finished AFTER INSERT ON game_results
WHEN NEW.is_computer = 0
BEGIN
  UPDATE daily_results SET total = NEW.total, loss = NEW.skill_loss, decisions = NEW.decisions
  WHERE game_id = NEW.game_id AND player_id = NEW.player_id;
END;
