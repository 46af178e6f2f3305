-- Games reached through interaction webhooks (#42). See migrations/sqlite/0009_game_webhooks.sql for the why.
CREATE TABLE game_webhooks (
  game_id bigint PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  application_id text COLLATE "C" NOT NULL,
  token text COLLATE "C" NOT NULL,
  token_created_at bigint NOT NULL,
  follow_ups_used integer NOT NULL DEFAULT 0 CHECK (follow_ups_used BETWEEN 0 AND 5)
);
