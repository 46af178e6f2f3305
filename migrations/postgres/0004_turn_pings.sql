-- Turn notifications: whether a game pings the player whose turn begins (the host's choice at
-- /crag start; games from before this migration ping, as new games do by default), and the one
-- ping message of the game that is visible now, deleted when that turn ends, so that a restart
-- in between still finds it. A constant default adds the columns without rewriting the table.
ALTER TABLE games ADD COLUMN pings_enabled boolean NOT NULL DEFAULT true;
ALTER TABLE games ADD COLUMN ping_message_id text COLLATE "C";
