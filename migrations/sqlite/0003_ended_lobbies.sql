-- Lobbies that ended before anyone played are deleted a week later, by the housekeeping that runs
-- every few minutes (src/bot/due-turns.ts). Without an index, finding them reads every game ever
-- played, inside a write transaction: with a long history, every click would wait for that. This
-- partial index holds just those lobbies, by when they ended (the query names the same predicate),
-- and each one leaves it when it is deleted. Its key is not a column a click sets, so a click never
-- rewrites an entry of it.
CREATE INDEX games_ended_lobbies ON games (ended_at)
  WHERE status = 'cancelled' AND json_extract(state, '$.round') = 0;
