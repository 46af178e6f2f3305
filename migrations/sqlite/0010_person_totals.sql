-- A person's own figures across every place (#42): `/crag stats` and the skill ranking sum a person's
-- rows of player_stats and skill_totals over every server, DM and group DM they played in, for the
-- periods that mean the same everywhere (`all`, `month:…`, `week:…`; a season is a place's own, so
-- `season:N` stays that place's). Both tables are keyed by place first; these indexes find a person's
-- rows of a period and rule set without reading every place's (a WITHOUT ROWID table's index holds
-- its primary key, so guild_id comes with each entry).
--
-- The sums are made when read rather than kept in rows of their own: a game adds to its place's rows
-- under that place's lock (PostgreSQL's guild lock), and a row per person written by games of many
-- places at once would need a lock of its own. A person plays in few places, so the read adds a few rows.
CREATE INDEX player_stats_by_player ON player_stats (player_id, period, rules);
CREATE INDEX skill_totals_by_player ON skill_totals (player_id, period, rules);
