-- Ratings (#43): OpenSkill's Plackett-Luce mu and sigma for each person, and each computer level
-- (`computer:<level>`), in each rule set, from every finished game of two or more people.

CREATE TABLE ratings (
  rules TEXT NOT NULL,
  rated_id TEXT NOT NULL,
  mu REAL NOT NULL,
  sigma REAL NOT NULL CHECK (sigma > 0),
  games INTEGER NOT NULL CHECK (games >= 1),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (rules, rated_id)
) WITHOUT ROWID;
-- The leaderboard ranks by the conservative value, mu - 3 sigma.
CREATE INDEX ratings_by_value ON ratings (rules, (mu - 3 * sigma) DESC);

-- Each rated game's change to each of its seats, in the order they were applied (seq): a person's
-- trend, and what `npm run ratings:rebuild` must reproduce exactly.
CREATE TABLE rating_changes (
  seq INTEGER NOT NULL,
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  rules TEXT NOT NULL,
  rated_id TEXT NOT NULL,
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  PRIMARY KEY (game_id, rated_id)
) WITHOUT ROWID;
CREATE INDEX rating_changes_in_order ON rating_changes (rules, seq);
CREATE INDEX rating_changes_by_rated ON rating_changes (rated_id, rules, seq);
