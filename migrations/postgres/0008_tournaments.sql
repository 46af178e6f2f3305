-- Duplicate tournaments (#43). See migrations/sqlite/0008_tournaments.sql for the why.

CREATE TABLE tournaments (
  id bigserial PRIMARY KEY,
  guild_id text COLLATE "C" NOT NULL,
  name text NOT NULL,
  organiser_id text COLLATE "C" NOT NULL,
  rules text COLLATE "C" NOT NULL CHECK (rules IN ('1-any', '1-no-pair', '2-any', '2-no-pair')),
  format text COLLATE "C" NOT NULL CHECK (format IN ('duplicate', 'tables')),
  rounds integer NOT NULL CHECK (rounds BETWEEN 1 AND 10),
  round_seconds integer NOT NULL CHECK (round_seconds BETWEEN 3600 AND 604800),
  channel_id text COLLATE "C" NOT NULL,
  signup_message_id text COLLATE "C",
  announce_channel_id text COLLATE "C" NOT NULL,
  status text COLLATE "C" NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
  round integer NOT NULL DEFAULT 0,
  round_closes_at bigint,
  announced_round integer NOT NULL DEFAULT 0,
  created_at bigint NOT NULL
);
CREATE INDEX tournaments_running ON tournaments (status, round_closes_at);
CREATE INDEX tournaments_of_guild ON tournaments (guild_id, id);

CREATE TABLE tournament_entrants (
  tournament_id bigint NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  player_id text COLLATE "C" NOT NULL,
  name text,
  joined_at bigint NOT NULL,
  out_in_round integer,
  PRIMARY KEY (tournament_id, player_id)
);
CREATE INDEX tournament_entrants_player ON tournament_entrants (player_id);

CREATE TABLE tournament_plays (
  tournament_id bigint NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  round integer NOT NULL,
  player_id text COLLATE "C" NOT NULL,
  seat_table integer,
  game_id bigint REFERENCES games (id) ON DELETE SET NULL,
  total integer,
  loss double precision,
  decisions integer,
  PRIMARY KEY (tournament_id, round, player_id)
);
CREATE INDEX tournament_plays_game ON tournament_plays (game_id);

CREATE TABLE tournament_points (
  tournament_id bigint NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  round integer NOT NULL,
  player_id text COLLATE "C" NOT NULL,
  played boolean NOT NULL,
  total integer NOT NULL,
  loss double precision,
  points double precision NOT NULL,
  PRIMARY KEY (tournament_id, round, player_id)
);

CREATE TABLE tournament_standings (
  tournament_id bigint NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  player_id text COLLATE "C" NOT NULL,
  place integer NOT NULL,
  points double precision NOT NULL,
  totals integer NOT NULL,
  loss double precision NOT NULL,
  opponent_points double precision NOT NULL,
  rounds_played integer NOT NULL,
  PRIMARY KEY (tournament_id, player_id)
);
CREATE INDEX tournament_standings_by_place ON tournament_standings (tournament_id, place, player_id);

CREATE FUNCTION tournament_play_finished() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tournament_plays SET total = NEW.total, loss = NEW.skill_loss, decisions = NEW.decisions
  WHERE game_id = NEW.game_id AND player_id = NEW.player_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER tournament_play_finished AFTER INSERT ON game_results
FOR EACH ROW WHEN (NOT NEW.is_computer) EXECUTE FUNCTION tournament_play_finished();
