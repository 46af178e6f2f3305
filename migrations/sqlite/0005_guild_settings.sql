-- House rules (/crag-settings): each server's settings, only those set there, as one JSON object
-- keyed by setting name (absent = the bot's default); every change as an audit row; and what a game
-- took from them when it started, frozen so that a later change never alters a game in play.
CREATE TABLE guild_settings (
  guild_id TEXT PRIMARY KEY,
  settings TEXT NOT NULL CHECK (json_valid(settings)),
  updated_at INTEGER NOT NULL
);

-- Values are JSON; NULL means the bot's default.
CREATE TABLE settings_changes (
  id INTEGER PRIMARY KEY,
  guild_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  changed_at INTEGER NOT NULL,
  setting TEXT NOT NULL,
  old_value TEXT CHECK (old_value IS NULL OR json_valid(old_value)),
  new_value TEXT CHECK (new_value IS NULL OR json_valid(new_value))
);
-- `show` reads a server's latest changes.
CREATE INDEX settings_changes_by_guild ON settings_changes (guild_id, id);

-- from_defaults: the /crag start options the server's defaults filled in (a JSON list of setting
-- names); language: the boards' language the server set, NULL for the server's Discord locale.
CREATE TABLE game_house_rules (
  game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  from_defaults TEXT NOT NULL CHECK (json_valid(from_defaults)),
  language TEXT
);
