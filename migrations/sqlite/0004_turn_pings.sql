-- Turn notifications: whether a game pings the player whose turn begins (the host's choice at
-- /crag start; games from before this migration ping, as new games do by default), and the one
-- ping message of the game that is visible now, deleted when that turn ends, so that a restart
-- in between still finds it.
ALTER TABLE games ADD COLUMN pings_enabled INTEGER NOT NULL DEFAULT 1 CHECK (pings_enabled IN (0, 1));
ALTER TABLE games ADD COLUMN ping_message_id TEXT;
