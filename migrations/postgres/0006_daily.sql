-- The daily deal and the skill ranking (#25). See migrations/sqlite/0006_daily.sql for the why.

CREATE TABLE daily_secret (
  id integer PRIMARY KEY CHECK (id = 1),
  secret bytea NOT NULL CHECK (length(secret) >= 32),
  created_at bigint NOT NULL
);
-- 32 bytes from two version-4 UUIDs: gen_random_uuid() is built in (no pgcrypto) and draws from
-- the server's strong random source; together they carry 244 random bits.
INSERT INTO daily_secret (id, secret, created_at)
VALUES (1, decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'),
        (extract(epoch FROM clock_timestamp()) * 1000)::bigint);

CREATE TABLE daily_results (
  day integer NOT NULL,
  player_id text COLLATE "C" NOT NULL,
  guild_id text COLLATE "C" NOT NULL,
  game_id bigint REFERENCES games (id) ON DELETE SET NULL,
  name text,
  started_at bigint NOT NULL,
  total integer,
  loss double precision,
  decisions integer,
  PRIMARY KEY (day, player_id)
);
CREATE INDEX daily_results_server ON daily_results (guild_id, day, total) WHERE total IS NOT NULL;
CREATE INDEX daily_results_player ON daily_results (player_id, day) WHERE total IS NOT NULL;
-- Finishing a game finds its daily row by game.
CREATE INDEX daily_results_game ON daily_results (game_id);

-- How many finished results of a day have each total, for the world percentile.
CREATE TABLE daily_totals (
  day integer NOT NULL,
  total integer NOT NULL,
  results integer NOT NULL CHECK (results >= 0),
  PRIMARY KEY (day, total)
);

CREATE FUNCTION daily_total_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.total IS NOT NULL THEN
    UPDATE daily_totals SET results = results - 1 WHERE day = OLD.day AND total = OLD.total;
  END IF;
  IF NEW.total IS NOT NULL THEN
    INSERT INTO daily_totals (day, total, results) VALUES (NEW.day, NEW.total, 1)
    ON CONFLICT (day, total) DO UPDATE SET results = daily_totals.results + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER daily_total_inserted AFTER INSERT ON daily_results
FOR EACH ROW WHEN (NEW.total IS NOT NULL) EXECUTE FUNCTION daily_total_counted();
CREATE TRIGGER daily_total_changed AFTER UPDATE OF total ON daily_results
FOR EACH ROW WHEN (OLD.total IS DISTINCT FROM NEW.total) EXECUTE FUNCTION daily_total_counted();

ALTER TABLE game_results ADD COLUMN decisions integer CHECK (decisions >= 0);

-- The skill ranking's sums per server, period, rule set and person.
CREATE TABLE skill_totals (
  guild_id text COLLATE "C" NOT NULL,
  period text COLLATE "C" NOT NULL,
  rules text COLLATE "C" NOT NULL CHECK (rules IN ('1-any', '1-no-pair', '2-any', '2-no-pair')),
  player_id text COLLATE "C" NOT NULL,
  name text,
  games integer NOT NULL CHECK (games >= 1),
  decisions bigint NOT NULL,
  loss double precision NOT NULL,
  loss_squared double precision NOT NULL,
  decisions_squared bigint NOT NULL,
  loss_times_decisions double precision NOT NULL,
  PRIMARY KEY (guild_id, period, rules, player_id)
);
-- The people with enough games, without reading the one-game daily players.
CREATE INDEX skill_totals_ranked ON skill_totals (guild_id, period, rules, games);

CREATE FUNCTION daily_result_finished() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE daily_results SET total = NEW.total, loss = NEW.skill_loss, decisions = NEW.decisions
  WHERE game_id = NEW.game_id AND player_id = NEW.player_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER daily_result_finished AFTER INSERT ON game_results
FOR EACH ROW WHEN (NOT NEW.is_computer) EXECUTE FUNCTION daily_result_finished();
