-- How the bot reaches a game's board, recorded with the game when it is opened (issue 42): through
-- interaction webhooks (1) where the bot is not a member, else with its own token (0). Read with
-- the game itself, so a game reached with the bot's token never reads game_webhooks (one store read
-- less per click, a PostgreSQL round trip) and a game reached through webhooks that has no token
-- yet is never tried with the bot's token. A game already reached through webhooks keeps that way.
ALTER TABLE games ADD COLUMN via_webhooks INTEGER NOT NULL DEFAULT 0 CHECK (via_webhooks IN (0, 1));
UPDATE games SET via_webhooks = 1 WHERE id IN (SELECT game_id FROM game_webhooks);
