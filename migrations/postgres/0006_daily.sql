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
CREATE INDEX daily_results_world ON daily_results (day, total) WHERE total IS NOT NULL;
CREATE INDEX daily_results_server ON daily_results (guild_id, day, total) WHERE total IS NOT NULL;
CREATE INDEX daily_results_player ON daily_results (player_id, day) WHERE total IS NOT NULL;
-- Finishing a game finds its daily row by game.
CREATE INDEX daily_results_game ON daily_results (game_id);

ALTER TABLE game_results ADD COLUMN decisions integer CHECK (decisions >= 0);

CREATE FUNCTION daily_result_finished() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE daily_results SET total = NEW.total, loss = NEW.skill_loss, decisions = NEW.decisions
  WHERE game_id = NEW.game_id AND player_id = NEW.player_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER daily_result_finished AFTER INSERT ON game_results
FOR EACH ROW WHEN (NOT NEW.is_computer) EXECUTE FUNCTION daily_result_finished();
