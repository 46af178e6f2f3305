-- Duplicate tournaments (#43): every entrant of a round plays the same keyed dice, alone, before
-- the round's deadline; the round's close turns the games into points (src/game/tournament.ts).

CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  guild_id TEXT NOT NULL,
  name TEXT NOT NULL,
  organiser_id TEXT NOT NULL,
  rules TEXT NOT NULL CHECK (rules IN ('1-any', '1-no-pair', '2-any', '2-no-pair')),
  -- 'tables' (live tables seated Swiss-style) is reserved for the second format.
  format TEXT NOT NULL CHECK (format IN ('duplicate', 'tables')),
  rounds INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 10),
  round_seconds INTEGER NOT NULL CHECK (round_seconds BETWEEN 3600 AND 604800),
  -- The sign-up message and the channel where rounds are announced.
  channel_id TEXT NOT NULL,
  signup_message_id TEXT,
  announce_channel_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
  -- The round open now (0 before the start; the last round once finished).
  round INTEGER NOT NULL DEFAULT 0,
  round_closes_at INTEGER,
  -- The last round whose close was posted: a close committed and not yet posted (the bot stopped
  -- between the two) is posted at the next start, so no round's board is lost.
  announced_round INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
-- The deadlines to arm at start-up, and a server's tournaments newest first.
CREATE INDEX tournaments_running ON tournaments (status, round_closes_at);
CREATE INDEX tournaments_of_guild ON tournaments (guild_id, id);

CREATE TABLE tournament_entrants (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  player_id TEXT NOT NULL,
  -- How the server showed the person when they joined: the boards name them by it.
  name TEXT,
  joined_at INTEGER NOT NULL,
  -- The round in which the entrant left or was removed; NULL while in. Their closed rounds count.
  out_in_round INTEGER,
  PRIMARY KEY (tournament_id, player_id)
) WITHOUT ROWID;
-- A person's tournaments (their history).
CREATE INDEX tournament_entrants_player ON tournament_entrants (player_id);

-- An entrant's game of a round, tied when dealt (duplicate) or when their table's game is opened
-- (tables: `seat_table` numbers the table, and everyone at it has the same game); total, loss and
-- decisions are filled in by the trigger below in the transaction that finishes the game, as
-- daily_results are.
CREATE TABLE tournament_plays (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  round INTEGER NOT NULL,
  player_id TEXT NOT NULL,
  seat_table INTEGER,
  game_id INTEGER REFERENCES games (id) ON DELETE SET NULL,
  total INTEGER,
  loss REAL,
  decisions INTEGER,
  PRIMARY KEY (tournament_id, round, player_id)
) WITHOUT ROWID;
CREATE INDEX tournament_plays_game ON tournament_plays (game_id);

-- Each entrant's points of a closed round, written once, in the transaction that closes the round
-- (its update of `tournaments.round` is guarded by the round it closes: a second close finds it
-- done and writes nothing).
CREATE TABLE tournament_points (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  round INTEGER NOT NULL,
  player_id TEXT NOT NULL,
  played INTEGER NOT NULL CHECK (played IN (0, 1)),
  total INTEGER NOT NULL,
  loss REAL,
  points REAL NOT NULL,
  PRIMARY KEY (tournament_id, round, player_id)
) WITHOUT ROWID;

-- Each entrant's line of the standings as the last close left them: the standings change only when
-- a round closes, so the close writes them (in its transaction) and `/crag tournament standings`
-- reads a page of them by place, not every round of every entrant (a thousand entrants' three rounds
-- took 10 ms to read and sum on the bench).
CREATE TABLE tournament_standings (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  player_id TEXT NOT NULL,
  place INTEGER NOT NULL,
  points REAL NOT NULL,
  totals INTEGER NOT NULL,
  loss REAL NOT NULL,
  opponent_points REAL NOT NULL,
  rounds_played INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, player_id)
) WITHOUT ROWID;
CREATE INDEX tournament_standings_by_place ON tournament_standings (tournament_id, place, player_id);

CREATE TRIGGER tournament_play_finished AFTER INSERT ON game_results
WHEN NEW.is_computer = 0
BEGIN
  UPDATE tournament_plays SET total = NEW.total, loss = NEW.skill_loss, decisions = NEW.decisions
  WHERE game_id = NEW.game_id AND player_id = NEW.player_id;
END;
