-- The first crag-bot schema. A game is its state JSON in `games`, its sheets in `sheet_rows` and its
-- turns in `turn_history`, all written in one transaction per action; seats and results are kept in
-- step with them so the leaderboard is plain SQL.
-- Discord ids are TEXT (snowflakes overflow a double); times are epoch milliseconds.

-- A run of back-to-back games in one channel ("Play again" continues it).
CREATE TABLE series (
  id INTEGER PRIMARY KEY,
  guild_id TEXT NOT NULL,
  channel_id TEXT NOT NULL,
  rules TEXT NOT NULL CHECK (json_valid(rules)),
  created_at INTEGER NOT NULL
);

CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  guild_id TEXT NOT NULL,
  channel_id TEXT NOT NULL,
  series_id INTEGER NOT NULL REFERENCES series (id),
  series_game_number INTEGER NOT NULL CHECK (series_game_number >= 1),
  board_message_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
  rules TEXT NOT NULL CHECK (json_valid(rules)),
  state TEXT NOT NULL,
  state_version INTEGER NOT NULL,
  turn_timer_seconds INTEGER NOT NULL CHECK (turn_timer_seconds > 0),
  hints_enabled INTEGER NOT NULL CHECK (hints_enabled IN (0, 1)),
  turn_deadline INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_action_at INTEGER NOT NULL
);

-- At most one game in the lobby or under way per channel. The same predicate, written the same
-- way, lets the start-up query for active games read only this small index.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status IN ('lobby', 'playing');
CREATE UNIQUE INDEX games_by_series ON games (series_id, series_game_number);
-- /crag sheet and the series leaderboard read a channel's latest game.
CREATE INDEX games_by_channel ON games (channel_id, id);
-- The server leaderboard reads a guild's finished games.
CREATE INDEX games_by_guild ON games (guild_id, status);

CREATE TABLE game_seats (
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat_index INTEGER NOT NULL CHECK (seat_index >= 0),
  player_id TEXT NOT NULL,
  computer_level TEXT CHECK (computer_level IN ('easy', 'optimal', 'strong')),
  PRIMARY KEY (game_id, seat_index),
  UNIQUE (game_id, player_id)
) WITHOUT ROWID;

-- One filled row of one player's sheet.
CREATE TABLE sheet_rows (
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  player_id TEXT NOT NULL,
  row TEXT NOT NULL,
  points INTEGER NOT NULL CHECK (points >= 0),
  round INTEGER NOT NULL CHECK (round BETWEEN 1 AND 13),
  PRIMARY KEY (game_id, player_id, row)
) WITHOUT ROWID;

-- Each finished turn of a game (its rolls, keeps and row), for the post-game analysis. Kept out of
-- the state JSON so that a click rewrites a small row, not the whole game's history.
CREATE TABLE turn_history (
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  turn INTEGER NOT NULL CHECK (turn >= 0),
  record TEXT NOT NULL CHECK (json_valid(record)),
  PRIMARY KEY (game_id, turn)
) WITHOUT ROWID;

-- Written once, when a game finishes; cancelled games never have results.
CREATE TABLE game_results (
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  player_id TEXT NOT NULL,
  total INTEGER NOT NULL,
  -- 1 for the best total; equal totals share a place, so a shared first is a win for each.
  place INTEGER NOT NULL CHECK (place >= 1),
  is_computer INTEGER NOT NULL CHECK (is_computer IN (0, 1)),
  -- One-reroll and two-reroll games are ranked apart.
  rerolls INTEGER NOT NULL CHECK (rerolls IN (1, 2)),
  PRIMARY KEY (game_id, player_id)
) WITHOUT ROWID;
