-- How the bot reaches a game's board (#42). See migrations/sqlite/0011_games_via_webhooks.sql for the why.
ALTER TABLE games ADD COLUMN via_webhooks boolean NOT NULL DEFAULT false;
UPDATE games SET via_webhooks = true WHERE id IN (SELECT game_id FROM game_webhooks);
