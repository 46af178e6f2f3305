-- Ratings (#43): OpenSkill's Plackett-Luce mu and sigma for each person, and each computer level
-- (`computer:<level>`), in each rule set, from every finished game of two or more people.

CREATE TABLE ratings (
  rules text COLLATE "C" NOT NULL,
  rated_id text COLLATE "C" NOT NULL,
  mu double precision NOT NULL,
  sigma double precision NOT NULL CHECK (sigma > 0),
  games integer NOT NULL CHECK (games >= 1),
  updated_at bigint NOT NULL,
  PRIMARY KEY (rules, rated_id)
);
-- The leaderboard ranks by the conservative value, mu - 3 sigma.
CREATE INDEX ratings_by_value ON ratings (rules, (mu - 3 * sigma) DESC);

-- Each rated game's change to each of its seats, in the order they were applied (seq, taken under
-- the ratings lock): a person's trend, and what `npm run ratings:rebuild` must reproduce exactly.
CREATE TABLE rating_changes (
  seq bigint NOT NULL,
  game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  rules text COLLATE "C" NOT NULL,
  rated_id text COLLATE "C" NOT NULL,
  mu double precision NOT NULL,
  sigma double precision NOT NULL,
  PRIMARY KEY (game_id, rated_id)
);
CREATE INDEX rating_changes_in_order ON rating_changes (rules, seq);
CREATE INDEX rating_changes_by_rated ON rating_changes (rated_id, rules, seq);
