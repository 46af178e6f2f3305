-- Games played where the bot is not a member (issue 42): a group DM or a DM between people under a
-- person's own install, or a server that has not added Crag. The bot's token reaches nothing there
-- (Missing Access); every board change and follow-up goes through an interaction's webhook, whose
-- token works for 15 minutes, with at most 5 follow-ups each (docs/anywhere.md). A game with a row
-- here is reached that way; a game without one through the bot's token, as before. The row holds
-- what a restart needs to go on: the newest token the game was given (a click or a command brings
-- one), when its interaction was created, the application it belongs to, and how many follow-ups
-- that token has made. The board's message id is the game's own board_message_id.
CREATE TABLE game_webhooks (
  game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  application_id TEXT NOT NULL,
  token TEXT NOT NULL,
  token_created_at INTEGER NOT NULL,
  follow_ups_used INTEGER NOT NULL DEFAULT 0 CHECK (follow_ups_used BETWEEN 0 AND 5)
);
