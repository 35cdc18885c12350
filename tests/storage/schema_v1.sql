-- Cairn database schema, version 1. Applied to a fresh data.db; later versions migrate forward.
-- Column names equal the JSON field names of the record model. Multi-valued relations and files
-- are JSON arrays of ids/names; booleans are 0/1; timestamps are "YYYY-MM-DD HH:MM:SS.mmmZ" text.
-- Relations are checked and cascaded by the record engine (inside one transaction), not by SQL
-- foreign keys, so that blobs can be removed only after their rows are gone.

CREATE TABLE users (
  id               TEXT PRIMARY KEY NOT NULL,
  created          TEXT NOT NULL,
  updated          TEXT NOT NULL,
  username         TEXT NOT NULL,
  email            TEXT NOT NULL,
  emailVisibility  INTEGER NOT NULL DEFAULT 0,
  verified         INTEGER NOT NULL DEFAULT 0,
  avatar           TEXT NOT NULL DEFAULT '',
  bio              TEXT NOT NULL DEFAULT '',
  private          INTEGER NOT NULL DEFAULT 0,
  password_hash    TEXT NOT NULL,
  token_key        TEXT NOT NULL
);
CREATE UNIQUE INDEX users_username ON users (username COLLATE NOCASE);
CREATE UNIQUE INDEX users_email ON users (email COLLATE NOCASE);

CREATE TABLE categories (
  id       TEXT PRIMARY KEY NOT NULL,
  created  TEXT NOT NULL,
  updated  TEXT NOT NULL,
  name     TEXT NOT NULL DEFAULT '',
  img      TEXT NOT NULL DEFAULT ''
);

CREATE TABLE trails (
  id              TEXT PRIMARY KEY NOT NULL,
  created         TEXT NOT NULL,
  updated         TEXT NOT NULL,
  author          TEXT NOT NULL,
  category        TEXT NOT NULL DEFAULT '',
  name            TEXT NOT NULL DEFAULT '',
  public          INTEGER NOT NULL DEFAULT 0,
  date            TEXT NOT NULL DEFAULT '',
  description     TEXT NOT NULL DEFAULT '',
  difficulty      TEXT NOT NULL DEFAULT '',
  distance        REAL NOT NULL DEFAULT 0,
  duration        REAL NOT NULL DEFAULT 0,
  elevation_gain  REAL NOT NULL DEFAULT 0,
  elevation_loss  REAL NOT NULL DEFAULT 0,
  lat             REAL NOT NULL DEFAULT 0,
  lon             REAL NOT NULL DEFAULT 0,
  location        TEXT NOT NULL DEFAULT '',
  gpx             TEXT NOT NULL DEFAULT '',
  photos          TEXT NOT NULL DEFAULT '[]',
  thumbnail       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX trails_author ON trails (author);
CREATE INDEX trails_public ON trails (public, author);
CREATE INDEX trails_category ON trails (category);
CREATE INDEX trails_created ON trails (created);

CREATE TABLE lists (
  id           TEXT PRIMARY KEY NOT NULL,
  created      TEXT NOT NULL,
  updated      TEXT NOT NULL,
  author       TEXT NOT NULL,
  name         TEXT NOT NULL DEFAULT '',
  description  TEXT NOT NULL DEFAULT '',
  avatar       TEXT NOT NULL DEFAULT '',
  public       INTEGER NOT NULL DEFAULT 0,
  trails       TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX lists_author ON lists (author);
CREATE INDEX lists_public ON lists (public, author);

CREATE TABLE waypoints (
  id           TEXT PRIMARY KEY NOT NULL,
  created      TEXT NOT NULL,
  updated      TEXT NOT NULL,
  author       TEXT NOT NULL,
  trail        TEXT NOT NULL DEFAULT '',
  name         TEXT NOT NULL DEFAULT '',
  description  TEXT NOT NULL DEFAULT '',
  lat          REAL NOT NULL DEFAULT 0,
  lon          REAL NOT NULL DEFAULT 0,
  icon         TEXT NOT NULL DEFAULT '',
  photos       TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX waypoints_trail ON waypoints (trail);
CREATE INDEX waypoints_author ON waypoints (author);

CREATE TABLE comments (
  id       TEXT PRIMARY KEY NOT NULL,
  created  TEXT NOT NULL,
  updated  TEXT NOT NULL,
  author   TEXT NOT NULL,
  trail    TEXT NOT NULL,
  text     TEXT NOT NULL DEFAULT '',
  rating   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX comments_trail ON comments (trail);
CREATE INDEX comments_author ON comments (author);

CREATE TABLE summit_logs (
  id              TEXT PRIMARY KEY NOT NULL,
  created         TEXT NOT NULL,
  updated         TEXT NOT NULL,
  author          TEXT NOT NULL,
  trail           TEXT NOT NULL DEFAULT '',
  date            TEXT NOT NULL DEFAULT '',
  text            TEXT NOT NULL DEFAULT '',
  distance        REAL NOT NULL DEFAULT 0,
  duration        REAL NOT NULL DEFAULT 0,
  elevation_gain  REAL NOT NULL DEFAULT 0,
  elevation_loss  REAL NOT NULL DEFAULT 0,
  gpx             TEXT NOT NULL DEFAULT '',
  photos          TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX summit_logs_trail ON summit_logs (trail);
CREATE INDEX summit_logs_author ON summit_logs (author);

CREATE TABLE list_share (
  id          TEXT PRIMARY KEY NOT NULL,
  created     TEXT NOT NULL,
  updated     TEXT NOT NULL,
  list        TEXT NOT NULL,
  user        TEXT NOT NULL,
  permission  TEXT NOT NULL
);
CREATE UNIQUE INDEX list_share_list_user ON list_share (list, user);
CREATE INDEX list_share_user ON list_share (user);

CREATE TABLE trail_share (
  id          TEXT PRIMARY KEY NOT NULL,
  created     TEXT NOT NULL,
  updated     TEXT NOT NULL,
  trail       TEXT NOT NULL,
  user        TEXT NOT NULL,
  permission  TEXT NOT NULL
);
CREATE UNIQUE INDEX trail_share_trail_user ON trail_share (trail, user);
CREATE INDEX trail_share_user ON trail_share (user);

-- The default categories of the reference system.
INSERT INTO categories (id, created, updated, name) VALUES
  ('hikingcategory1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Hiking'),
  ('walkingcategory', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Walking'),
  ('climbingcategor', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Climbing'),
  ('skiingcategory1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Skiing'),
  ('canoeingcategor', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Canoeing'),
  ('bikingcategory1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Biking');

PRAGMA user_version = 1;
