-- Lobbies that ended before anyone played are deleted a week later, by the housekeeping that runs
-- every few minutes (src/bot/due-turns.ts). Without an index, finding them reads every game ever
-- played. SQLite's index (migrations/sqlite/0003_ended_lobbies.sql) holds just those lobbies, by
-- their state's round; here an index may not name the state, nor any column a click sets, or no
-- click could be a HOT update (see 0001_init.sql). So it holds the cancelled games by when they
-- ended, and the query checks the round of those that ended over a week ago.
CREATE INDEX games_cancelled_by_end ON games (ended_at) WHERE status = 'cancelled';
