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
-- A server's board of a day, best first.
CREATE INDEX daily_results_server ON daily_results (guild_id, day, total) WHERE total IS NOT NULL;
-- Finishing a game finds its daily row by game (the trigger below).
CREATE INDEX daily_results_game ON daily_results (game_id);
-- A person's streak reads their finished days, newest first.
CREATE INDEX daily_results_player ON daily_results (player_id, day) WHERE total IS NOT NULL;

-- How many finished results of a day have each total, kept by the triggers below as results are
-- filled in: the world percentile sums at most a few hundred rows of a day, where counting its
-- results in an index of (day, total) read every one of them (a million on a busy day: about a
-- second, #25's bench).
CREATE TABLE daily_totals (
  day INTEGER NOT NULL,
  total INTEGER NOT NULL,
  results INTEGER NOT NULL CHECK (results >= 0),
  PRIMARY KEY (day, total)
) WITHOUT ROWID;
CREATE TRIGGER daily_total_inserted AFTER INSERT ON daily_results
WHEN NEW.total IS NOT NULL
BEGIN
  INSERT INTO daily_totals (day, total, results) VALUES (NEW.day, NEW.total, 1)
  ON CONFLICT (day, total) DO UPDATE SET results = results + 1;
END;
CREATE TRIGGER daily_total_changed AFTER UPDATE OF total ON daily_results
WHEN OLD.total IS NOT NEW.total
BEGIN
  UPDATE daily_totals SET results = results - 1 WHERE day = OLD.day AND total = OLD.total;
  INSERT INTO daily_totals (day, total, results) SELECT NEW.day, NEW.total, 1 WHERE NEW.total IS NOT NULL
  ON CONFLICT (day, total) DO UPDATE SET results = results + 1;
END;

-- The skill ranking: expected points lost per decision. game_results already holds each person's
-- points lost; this is how many decisions they were lost over (NULL for computers and for games
-- finished before this migration, which the ranking leaves out).
ALTER TABLE game_results ADD COLUMN decisions INTEGER CHECK (decisions >= 0);

-- The skill ranking's sums per server, period (as player_stats: `all`, `season:3`, `month:…`,
-- `week:…`), rule set and person, added to in the transaction that ends a game, daily deals
-- included (people only, results with a decision count only): a ranking reads a row per person,
-- where summing a server's games read thousands of rows (#25's bench: a p99 of 80 ms at a thousand
-- games a server). The sums give the ratio and its interval (src/stats/skill.ts); `name` is how the
-- person was shown at their latest game counted here.
CREATE TABLE skill_totals (
  guild_id TEXT NOT NULL,
  period TEXT NOT NULL,
  rules TEXT NOT NULL CHECK (rules IN ('1-any', '1-no-pair', '2-any', '2-no-pair')),
  player_id TEXT NOT NULL,
  name TEXT,
  games INTEGER NOT NULL CHECK (games >= 1),
  decisions INTEGER NOT NULL,
  loss REAL NOT NULL,
  loss_squared REAL NOT NULL,
  decisions_squared INTEGER NOT NULL,
  loss_times_decisions REAL NOT NULL,
  PRIMARY KEY (guild_id, period, rules, player_id)
) WITHOUT ROWID;
-- The ranking reads the people with enough games (and the asker, by the key): a server where a
-- thousand people tried today's deal once has a thousand lines of one game, which this leaves unread
-- (a third of the time of reading them all, on the bench's servers).
CREATE INDEX skill_totals_ranked ON skill_totals (guild_id, period, rules, games);

CREATE TRIGGER daily_result_finished AFTER INSERT ON game_results
WHEN NEW.is_computer = 0
BEGIN
  UPDATE daily_results SET total = NEW.total, loss = NEW.skill_loss, decisions = NEW.decisions
  WHERE game_id = NEW.game_id AND player_id = NEW.player_id;
END;
