-- A person's own figures across every place (#42). See migrations/sqlite/0010_person_totals.sql for the why.
CREATE INDEX player_stats_by_player ON player_stats (player_id, period, rules);
CREATE INDEX skill_totals_by_player ON skill_totals (player_id, period, rules);
