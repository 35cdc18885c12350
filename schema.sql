-- Cairn database schema, version 20. Applied to a fresh data.db; older files are brought here by
-- the steps in src/storage/migrations.cpp (keep both in step: a test compares them).
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
  token_key        TEXT NOT NULL,
  -- A remote person's actor IRI (federation); '' for the people of this server.
  remote_actor     TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX users_username ON users (username COLLATE NOCASE);
CREATE UNIQUE INDEX users_email ON users (email COLLATE NOCASE);

CREATE TABLE categories (
  id       TEXT PRIMARY KEY NOT NULL,
  created  TEXT NOT NULL,
  updated  TEXT NOT NULL,
  name     TEXT NOT NULL DEFAULT '',
  img      TEXT NOT NULL DEFAULT '',
  -- The case-folded name, kept by the record service: one category per spelling.
  name_folded  TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX categories_name_folded ON categories (name_folded);

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
  thumbnail       INTEGER NOT NULL DEFAULT 0,
  -- From the track file: a simplified line for maps, its bounding box, moving time, and the
  -- totals the recording device stored (JSON), kept beside the computed ones.
  polyline         TEXT NOT NULL DEFAULT '',
  -- The map line simplified further (at most 100 points), for cards and overview maps.
  preview          TEXT NOT NULL DEFAULT '',
  -- Coarser still (at most 24 points), for overview maps of hundreds of trails.
  sketch           TEXT NOT NULL DEFAULT '',
  min_lat          REAL NOT NULL DEFAULT 0,
  min_lon          REAL NOT NULL DEFAULT 0,
  max_lat          REAL NOT NULL DEFAULT 0,
  max_lon          REAL NOT NULL DEFAULT 0,
  moving_duration  REAL NOT NULL DEFAULT 0,
  device_totals    TEXT,
  tags             TEXT NOT NULL DEFAULT '[]',
  -- The device's totals again as numbers (NULL when the file has none), to show and filter.
  device_distance        REAL,
  device_elevation_gain  REAL,
  device_elevation_loss  REAL,
  device_duration        REAL,
  -- A subcategory of the trail's category, or ''.
  subcategory            TEXT NOT NULL DEFAULT '',
  -- Where the parts (the file's tracks and segments) of polyline, preview and sketch start:
  -- JSON {"polyline": [i, ...], "preview": [j, ...], "sketch": [k, ...]}, each list the indexes
  -- of the decoded points that begin a new part (never 0). NULL when the map line is one part,
  -- and for trails stored before version 14 until the server has read their tracks again
  -- (trails_lines_pending).
  line_breaks            TEXT,
  -- What the track computed (NULL, '' for the date, without a track) beside the values in
  -- effect above, and which of those were typed by hand (a JSON array of field names).
  computed_distance        REAL,
  computed_duration        REAL,
  computed_elevation_gain  REAL,
  computed_elevation_loss  REAL,
  computed_date            TEXT NOT NULL DEFAULT '',
  overrides                TEXT NOT NULL DEFAULT '[]',
  -- Where its photos were taken: {file name: {lat, lon}}, from the camera's GPS or placed by
  -- hand (services/families/photo_positions.h); NULL when none is known.
  photo_positions        TEXT,
  -- The highest point of its track in metres (migration 19), NULL without a track or one without
  -- elevations, and for trails stored before version 19 until their track is uploaded again.
  max_elevation          REAL,
  -- How many people like it (trail_likes, kept by its triggers).
  like_count             INTEGER NOT NULL DEFAULT 0,
  -- The lowest point of its track (schema 22) beside the highest. NULL as that one and for
  -- trails stored before version 22 until their figures are computed again. (No commas in the
  -- comments of the last columns: SQLite drops a last column from the comma before its name.)
  min_elevation          REAL,
  -- Where the gain and loss and the highest and lowest points come from: device (the
  -- altitudes in the file) or terrain (the heights of the terrain model along the track). Empty
  -- without a track.
  elevation_source       TEXT NOT NULL DEFAULT ''
);
-- Trails stored before schema 14 whose `line_breaks` are not known yet: the server reads their
-- tracks again at start and takes them off (services/tracks/line_breaks_backfill.h). Not an API
-- collection; a fresh file starts with none.
CREATE TABLE trails_lines_pending (trail TEXT PRIMARY KEY NOT NULL);
-- Trails with photos whose places are not read yet (services/files/photo_position_backfill.h):
-- the start-up pass reads this small index, not every trail, and leaves it empty.
CREATE INDEX trails_photos_unplaced ON trails (id)
  WHERE photo_positions IS NULL AND photos NOT IN ('', '[]');
-- (author, public): a count of one's own trails that are not public reads this index alone.
CREATE INDEX trails_author_public ON trails (author, public);
-- On (public) alone, entries come in rowid order, so a page of public trails needs no sort.
CREATE INDEX trails_public ON trails (public);
CREATE INDEX trails_category ON trails (category);
CREATE INDEX trails_created ON trails (created);
-- One index per order the web app offers (newest/oldest added, date, name, distance, gain): with
-- the planner's statistics (ANALYZE) a page is read off the index, not sorted from every row.
CREATE INDEX trails_date ON trails (date);
CREATE INDEX trails_name ON trails (name);
CREATE INDEX trails_distance ON trails (distance);
CREATE INDEX trails_elevation_gain ON trails (elevation_gain);
-- Trails without a track by their start, for maps (services/discovery/trail_area.h); those with
-- one are found by the R*Tree below.
CREATE INDEX trails_trackless_start ON trails (lat, lon) WHERE polyline = '';
CREATE INDEX trails_subcategory ON trails (subcategory);
-- Trails with a track by their bounding box, for maps: "every trail that crosses this view".
CREATE VIRTUAL TABLE trails_bbox USING rtree(id, min_lat, max_lat, min_lon, max_lon);
-- A track over the antimeridian has min_lon > max_lon (RFC 7946 §5.2); the index, whose boxes
-- cannot wrap, holds every longitude for it.
CREATE TRIGGER trails_bbox_insert AFTER INSERT ON trails WHEN NEW.polyline != '' BEGIN
  INSERT INTO trails_bbox VALUES (NEW.rowid, NEW.min_lat, NEW.max_lat,
    CASE WHEN NEW.min_lon <= NEW.max_lon THEN NEW.min_lon ELSE -180 END,
    CASE WHEN NEW.min_lon <= NEW.max_lon THEN NEW.max_lon ELSE 180 END);
END;
CREATE TRIGGER trails_bbox_update AFTER UPDATE OF polyline, min_lat, max_lat, min_lon, max_lon
ON trails BEGIN
  DELETE FROM trails_bbox WHERE id = OLD.rowid;
  INSERT INTO trails_bbox SELECT NEW.rowid, NEW.min_lat, NEW.max_lat,
    CASE WHEN NEW.min_lon <= NEW.max_lon THEN NEW.min_lon ELSE -180 END,
    CASE WHEN NEW.min_lon <= NEW.max_lon THEN NEW.max_lon ELSE 180 END
    WHERE NEW.polyline != '';
END;
CREATE TRIGGER trails_bbox_delete AFTER DELETE ON trails BEGIN
  DELETE FROM trails_bbox WHERE id = OLD.rowid;
END;


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
CREATE INDEX lists_author_public ON lists (author, public);
CREATE INDEX lists_public ON lists (public);
-- The feed walks each family's rows newest first (services/feed/feed_service.cpp).
CREATE INDEX lists_created ON lists (created);

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
CREATE INDEX summit_logs_created ON summit_logs (created);

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

CREATE TABLE trail_link_share (
  id          TEXT PRIMARY KEY NOT NULL,
  created     TEXT NOT NULL,
  updated     TEXT NOT NULL,
  trail       TEXT NOT NULL,
  token       TEXT NOT NULL,
  permission  TEXT NOT NULL
);
CREATE UNIQUE INDEX trail_link_share_token ON trail_link_share (token);
CREATE INDEX trail_link_share_trail ON trail_link_share (trail);

-- Link shares of lists (migration 17): the token shows the list and its author's trails in it.
CREATE TABLE list_link_share (
  id          TEXT PRIMARY KEY NOT NULL,
  created     TEXT NOT NULL,
  updated     TEXT NOT NULL,
  list        TEXT NOT NULL,
  token       TEXT NOT NULL,
  permission  TEXT NOT NULL
);
CREATE UNIQUE INDEX list_link_share_token ON list_link_share (token);
CREATE INDEX list_link_share_list ON list_link_share (list);

-- API keys are stored only as the SHA-256 of the key; the key itself is shown once.
CREATE TABLE api_tokens (
  id          TEXT PRIMARY KEY NOT NULL,
  created     TEXT NOT NULL,
  updated     TEXT NOT NULL,
  user        TEXT NOT NULL,
  name        TEXT NOT NULL DEFAULT '',
  expiration  TEXT NOT NULL DEFAULT '',
  last_used   TEXT NOT NULL DEFAULT '',
  token_hash  TEXT NOT NULL
);
CREATE UNIQUE INDEX api_tokens_hash ON api_tokens (token_hash);
CREATE INDEX api_tokens_user ON api_tokens (user);

CREATE TABLE settings (
  id             TEXT PRIMARY KEY NOT NULL,
  created        TEXT NOT NULL,
  updated        TEXT NOT NULL,
  user           TEXT NOT NULL,
  unit           TEXT NOT NULL DEFAULT '',
  language       TEXT NOT NULL DEFAULT '',
  mapFocus       TEXT NOT NULL DEFAULT '',
  location       TEXT,
  category       TEXT NOT NULL DEFAULT '',
  privacy        TEXT,
  notifications  TEXT,
  tilesets       TEXT,
  terrain        TEXT,
  -- When the figures of an upload come from the terrain model: empty or never. missing: the
  -- file has no altitude. gps: also when its altitude is not smooth as a barometer gives it.
  -- (No commas here: see trails.min_elevation.)
  terrain_elevation  TEXT NOT NULL DEFAULT '',
  -- off: the person keeps out of federation (no actor and nothing of theirs served or sent)
  federation         TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX settings_user ON settings (user);
-- users.private (the profile's flag) mirrors the owner's settings.privacy.account, so everything
-- that reads the flag agrees with the one place a person sets it.
CREATE TRIGGER settings_private_insert AFTER INSERT ON settings BEGIN
  UPDATE users SET private = (CASE WHEN json_valid(NEW.privacy)
    THEN json_extract(NEW.privacy, '$.account') END IS 'private') WHERE id = NEW.user;
END;
CREATE TRIGGER settings_private_update AFTER UPDATE OF privacy ON settings BEGIN
  UPDATE users SET private = (CASE WHEN json_valid(NEW.privacy)
    THEN json_extract(NEW.privacy, '$.account') END IS 'private') WHERE id = NEW.user;
END;
CREATE TRIGGER settings_private_delete AFTER DELETE ON settings BEGIN
  UPDATE users SET private = 0 WHERE id = OLD.user;
END;

-- Tags, shared by the whole instance. name_folded is the case-folded name, kept by the record
-- service, so "Via Ferrata" and "via ferrata" are one tag.
CREATE TABLE tags (
  id           TEXT PRIMARY KEY NOT NULL,
  created      TEXT NOT NULL,
  updated      TEXT NOT NULL,
  name         TEXT NOT NULL DEFAULT '',
  name_folded  TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX tags_name_folded ON tags (name_folded);

-- Password reset tokens (only their SHA-256), single use, valid for an hour. Not an API collection.
CREATE TABLE password_resets (
  token_hash  TEXT PRIMARY KEY NOT NULL,
  user        TEXT NOT NULL,
  expires     TEXT NOT NULL
);
CREATE INDEX password_resets_user ON password_resets (user);

-- search index: begin (migration 13 runs this section as it stands)
-- Full-text search (services/search/search_index.h, util/search_words.h). Each trail and list is
-- in the index under its rowid, as its words (cairn_search_words: folded, lower case, no accents,
-- single spaces), the names of its tags, author and category, and in *_parts the inner parts of
-- the words of names, places and tags (cairn_search_parts: each word and its endings of three
-- characters or more, marked), so "spitze" finds Zugspitze as the beginning of a part. Usernames
-- and category names are single words people type whole; their parts would cost every write. The FTS5 table keeps
-- which column each word is in (detail=column), no positions: every query word is one word.
--
-- FTS5 writes a segment per transaction, which cost more than the rest of a trail's create when
-- every create wrote one (bench/search_write.sh), so records reach the FTS5 table 64 at a time.
-- Until then searches read them beside it: a record created since the last move (a rowid above
-- search_index_state.indexed_up_to; a new row takes the largest rowid) straight from its own row
-- through *_search_source, so a create writes nothing more than its row; a record changed or
-- deleted after it moved, from *_search_pending (its words as they are now, or `gone`), which
-- overrides the FTS5 table's. The 64th new record or pending row moves them all. Reading 64 such
-- records costs a search well under a millisecond. *_search_terms lists the words (typos).
-- The FTS5 rowid is the record's: nothing may renumber trails or lists (VACUUM would).
--
-- A client without Cairn's functions (the sqlite3 shell) can read everything, but not write
-- trails or lists, nor rename or delete users, categories or tags.
CREATE TABLE search_index_state (
  collection     TEXT PRIMARY KEY NOT NULL,  -- 'trails' or 'lists'
  indexed_up_to  INTEGER NOT NULL DEFAULT 0  -- records up to this rowid are in the FTS5 table
) WITHOUT ROWID;
INSERT INTO search_index_state (collection) VALUES ('trails'), ('lists');

CREATE VIRTUAL TABLE trails_search USING fts5(name, description, location, tags, author, category,
  name_parts, other_parts, tokenize = 'ascii', detail = column, columnsize = 0);
CREATE VIRTUAL TABLE trails_search_terms USING fts5vocab(trails_search, row);
CREATE TABLE trails_search_pending (
  record       INTEGER PRIMARY KEY,        -- the trail's rowid, at most indexed_up_to
  gone         INTEGER NOT NULL DEFAULT 0, -- 1: deleted, to leave the index
  name         TEXT NOT NULL DEFAULT '',
  description  TEXT NOT NULL DEFAULT '',
  location     TEXT NOT NULL DEFAULT '',
  tags         TEXT NOT NULL DEFAULT '',
  author       TEXT NOT NULL DEFAULT '',
  category     TEXT NOT NULL DEFAULT ''
);
-- What the index holds for each trail (CROSS JOIN: a trail's few tag ids lead to the tags, never
-- every tag to the trail's ids).
CREATE VIEW trails_search_source AS SELECT t.rowid AS trail, cairn_search_words(t.name) AS name,
  cairn_search_words(t.description) AS description, cairn_search_words(t.location) AS location,
  coalesce(cairn_search_words((SELECT group_concat(g.name, ' ') FROM json_each(CASE WHEN
    json_valid(t.tags) THEN t.tags ELSE '[]' END) j CROSS JOIN tags g ON g.id = j.value)), '')
    AS tags,
  coalesce(cairn_search_words((SELECT u.username FROM users u WHERE u.id = t.author)), '')
    AS author,
  coalesce(cairn_search_words((SELECT c.name FROM categories c WHERE c.id = t.category)), '')
    AS category
FROM trails t;
-- Inserting here moves the pending rows and the trails created since into the FTS5 table.
CREATE VIEW trails_search_flush (go) AS SELECT NULL WHERE 0;
CREATE TRIGGER trails_search_flush_pending INSTEAD OF INSERT ON trails_search_flush BEGIN
  DELETE FROM trails_search WHERE rowid IN (SELECT record FROM trails_search_pending);
  INSERT INTO trails_search (rowid, name, description, location, tags, author, category,
    name_parts, other_parts) SELECT record, name, description, location, tags, author, category,
    cairn_search_parts(name), cairn_search_parts(location || ' ' || tags)
    FROM (SELECT record, name, description, location, tags, author, category
      FROM trails_search_pending WHERE gone = 0 UNION ALL SELECT * FROM trails_search_source
      WHERE trail > (SELECT indexed_up_to FROM search_index_state WHERE collection = 'trails'));
  DELETE FROM trails_search_pending;
  UPDATE search_index_state SET indexed_up_to = max(indexed_up_to,
    (SELECT coalesce(max(rowid), 0) FROM trails)) WHERE collection = 'trails';
END;
-- Inserting a trail's rowid here reads it into the index again, when it is in the FTS5 table
-- (a trail created since is read from its row anyway; one that is gone has its `gone` row from
-- trails_search_delete already).
CREATE VIEW trails_search_reindex (trail) AS SELECT NULL WHERE 0;
CREATE TRIGGER trails_search_reindex_trail INSTEAD OF INSERT ON trails_search_reindex BEGIN
  INSERT OR REPLACE INTO trails_search_pending (record, name, description, location, tags, author,
    category) SELECT * FROM trails_search_source WHERE trail = NEW.trail
    AND trail <= (SELECT indexed_up_to FROM search_index_state WHERE collection = 'trails');
  INSERT INTO trails_search_flush SELECT 1 WHERE (SELECT count(*) FROM trails_search_pending) >= 64;
END;
-- A new trail usually takes a rowid above indexed_up_to; one below it (the largest were deleted)
-- waits as a pending row.
CREATE TRIGGER trails_search_insert AFTER INSERT ON trails BEGIN
  INSERT INTO trails_search_reindex SELECT NEW.rowid WHERE NEW.rowid <=
    (SELECT indexed_up_to FROM search_index_state WHERE collection = 'trails');
  INSERT INTO trails_search_flush SELECT 1 WHERE NEW.rowid >=
    (SELECT indexed_up_to FROM search_index_state WHERE collection = 'trails') + 64;
END;
CREATE TRIGGER trails_search_update AFTER UPDATE OF name, description, location, tags, author,
  category ON trails WHEN OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description
  OR OLD.location IS NOT NEW.location OR OLD.tags IS NOT NEW.tags OR OLD.author IS NOT NEW.author
  OR OLD.category IS NOT NEW.category BEGIN
  INSERT INTO trails_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER trails_search_delete AFTER DELETE ON trails WHEN OLD.rowid <=
  (SELECT indexed_up_to FROM search_index_state WHERE collection = 'trails') BEGIN
  INSERT OR REPLACE INTO trails_search_pending (record, gone) VALUES (OLD.rowid, 1);
  INSERT INTO trails_search_flush SELECT 1 WHERE (SELECT count(*) FROM trails_search_pending) >= 64;
END;

CREATE VIRTUAL TABLE lists_search USING fts5(name, description, author, name_parts,
  tokenize = 'ascii', detail = column, columnsize = 0);
CREATE VIRTUAL TABLE lists_search_terms USING fts5vocab(lists_search, row);
CREATE TABLE lists_search_pending (
  record       INTEGER PRIMARY KEY,        -- the list's rowid, at most indexed_up_to
  gone         INTEGER NOT NULL DEFAULT 0,
  name         TEXT NOT NULL DEFAULT '',
  description  TEXT NOT NULL DEFAULT '',
  author       TEXT NOT NULL DEFAULT ''
);
CREATE VIEW lists_search_source AS SELECT l.rowid AS list, cairn_search_words(l.name) AS name,
  cairn_search_words(l.description) AS description,
  coalesce(cairn_search_words((SELECT u.username FROM users u WHERE u.id = l.author)), '')
    AS author
FROM lists l;
CREATE VIEW lists_search_flush (go) AS SELECT NULL WHERE 0;
CREATE TRIGGER lists_search_flush_pending INSTEAD OF INSERT ON lists_search_flush BEGIN
  DELETE FROM lists_search WHERE rowid IN (SELECT record FROM lists_search_pending);
  INSERT INTO lists_search (rowid, name, description, author, name_parts)
    SELECT record, name, description, author, cairn_search_parts(name)
    FROM (SELECT record, name, description, author FROM lists_search_pending WHERE gone = 0
      UNION ALL SELECT * FROM lists_search_source
      WHERE list > (SELECT indexed_up_to FROM search_index_state WHERE collection = 'lists'));
  DELETE FROM lists_search_pending;
  UPDATE search_index_state SET indexed_up_to = max(indexed_up_to,
    (SELECT coalesce(max(rowid), 0) FROM lists)) WHERE collection = 'lists';
END;
CREATE VIEW lists_search_reindex (list) AS SELECT NULL WHERE 0;
CREATE TRIGGER lists_search_reindex_list INSTEAD OF INSERT ON lists_search_reindex BEGIN
  INSERT OR REPLACE INTO lists_search_pending (record, name, description, author)
    SELECT * FROM lists_search_source WHERE list = NEW.list
    AND list <= (SELECT indexed_up_to FROM search_index_state WHERE collection = 'lists');
  INSERT INTO lists_search_flush SELECT 1 WHERE (SELECT count(*) FROM lists_search_pending) >= 64;
END;
CREATE TRIGGER lists_search_insert AFTER INSERT ON lists BEGIN
  INSERT INTO lists_search_reindex SELECT NEW.rowid WHERE NEW.rowid <=
    (SELECT indexed_up_to FROM search_index_state WHERE collection = 'lists');
  INSERT INTO lists_search_flush SELECT 1 WHERE NEW.rowid >=
    (SELECT indexed_up_to FROM search_index_state WHERE collection = 'lists') + 64;
END;
CREATE TRIGGER lists_search_update AFTER UPDATE OF name, description, author ON lists
  WHEN OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description
  OR OLD.author IS NOT NEW.author BEGIN
  INSERT INTO lists_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER lists_search_delete AFTER DELETE ON lists WHEN OLD.rowid <=
  (SELECT indexed_up_to FROM search_index_state WHERE collection = 'lists') BEGIN
  INSERT OR REPLACE INTO lists_search_pending (record, gone) VALUES (OLD.rowid, 1);
  INSERT INTO lists_search_flush SELECT 1 WHERE (SELECT count(*) FROM lists_search_pending) >= 64;
END;

-- The names the index holds for a trail or list come from these rows: renaming one (or deleting
-- it while rows still name it) reads the rows that name it again.
CREATE TRIGGER users_search_update AFTER UPDATE OF username ON users
  WHEN OLD.username IS NOT NEW.username BEGIN
  INSERT INTO trails_search_reindex SELECT rowid FROM trails WHERE author = NEW.id;
  INSERT INTO lists_search_reindex SELECT rowid FROM lists WHERE author = NEW.id;
END;
CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
  INSERT INTO trails_search_reindex SELECT rowid FROM trails WHERE author = OLD.id;
  INSERT INTO lists_search_reindex SELECT rowid FROM lists WHERE author = OLD.id;
END;
CREATE TRIGGER categories_search_update AFTER UPDATE OF name ON categories
  WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO trails_search_reindex SELECT rowid FROM trails WHERE category = NEW.id;
END;
CREATE TRIGGER categories_search_delete AFTER DELETE ON categories BEGIN
  INSERT INTO trails_search_reindex SELECT rowid FROM trails WHERE category = OLD.id;
END;
-- No index leads from a tag to its trails: every trail's tags are scanned (instr first, cheaply).
CREATE TRIGGER tags_search_update AFTER UPDATE OF name ON tags WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO trails_search_reindex SELECT t.rowid FROM trails t WHERE instr(t.tags, NEW.id) > 0
    AND EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(t.tags) THEN t.tags ELSE '[]' END) j
    WHERE j.value = NEW.id);
END;
CREATE TRIGGER tags_search_delete AFTER DELETE ON tags BEGIN
  INSERT INTO trails_search_reindex SELECT t.rowid FROM trails t WHERE instr(t.tags, OLD.id) > 0
    AND EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(t.tags) THEN t.tags ELSE '[]' END) j
    WHERE j.value = OLD.id);
END;
-- search index: end

-- Subcategories: kinds of each category (Hiking: day hike, multi-day, via ferrata).
CREATE TABLE subcategories (
  id        TEXT PRIMARY KEY NOT NULL,
  created   TEXT NOT NULL,
  updated   TEXT NOT NULL,
  name      TEXT NOT NULL DEFAULT '',
  category  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX subcategories_category ON subcategories (category);

-- Each user's order of categories and subcategories and which they hide (priority 1..n).
CREATE TABLE user_category_preferences (
  id        TEXT PRIMARY KEY NOT NULL,
  created   TEXT NOT NULL,
  updated   TEXT NOT NULL,
  user      TEXT NOT NULL,
  category  TEXT NOT NULL,
  visible   INTEGER NOT NULL DEFAULT 1,
  priority  INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX user_category_preferences_user_category
  ON user_category_preferences (user, category);
CREATE INDEX user_category_preferences_category ON user_category_preferences (category);
CREATE TABLE user_subcategory_preferences (
  id           TEXT PRIMARY KEY NOT NULL,
  created      TEXT NOT NULL,
  updated      TEXT NOT NULL,
  user         TEXT NOT NULL,
  subcategory  TEXT NOT NULL,
  visible      INTEGER NOT NULL DEFAULT 1,
  priority     INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX user_subcategory_preferences_user_subcategory
  ON user_subcategory_preferences (user, subcategory);
CREATE INDEX user_subcategory_preferences_subcategory
  ON user_subcategory_preferences (subcategory);

-- People (migration 18, issue 19): likes, follows and notifications.
-- One like per user and trail; trails.like_count counts them in the same statement (triggers).
CREATE TABLE trail_likes (
  id       TEXT PRIMARY KEY NOT NULL,
  created  TEXT NOT NULL,
  updated  TEXT NOT NULL,
  trail    TEXT NOT NULL,
  user     TEXT NOT NULL
);
CREATE UNIQUE INDEX trail_likes_trail_user ON trail_likes (trail, user);
CREATE INDEX trail_likes_user ON trail_likes (user);
CREATE TRIGGER trail_likes_count_insert AFTER INSERT ON trail_likes BEGIN
  UPDATE trails SET like_count = like_count + 1 WHERE id = NEW.trail;
END;
CREATE TRIGGER trail_likes_count_delete AFTER DELETE ON trail_likes BEGIN
  UPDATE trails SET like_count = max(like_count - 1, 0) WHERE id = OLD.trail;
END;
-- follower follows followee: 'accepted', or 'pending' until a private followee answers.
CREATE TABLE follows (
  id        TEXT PRIMARY KEY NOT NULL,
  created   TEXT NOT NULL,
  updated   TEXT NOT NULL,
  follower  TEXT NOT NULL,
  followee  TEXT NOT NULL,
  status    TEXT NOT NULL DEFAULT 'accepted'
);
CREATE UNIQUE INDEX follows_follower_followee ON follows (follower, followee);
CREATE INDEX follows_followee_status ON follows (followee, status);
CREATE INDEX follows_follower_status ON follows (follower, status);
-- An account that turns public has no one left to answer: its pending requests are accepted, as
-- a follow of a public account is at once.
CREATE TRIGGER users_public_accepts_pending AFTER UPDATE OF private ON users
WHEN OLD.private = 1 AND NEW.private = 0 BEGIN
  UPDATE follows SET status = 'accepted', updated = strftime('%Y-%m-%d %H:%M:%fZ', 'now')
    WHERE followee = NEW.id AND status = 'pending';
END;
-- Federation (ActivityPub): each local person's RSA key pair, made the first time their actor
-- is served or signs a request. The private half never leaves the server; the row goes with
-- the person.
CREATE TABLE ap_keys (
  user         TEXT PRIMARY KEY NOT NULL,
  created      TEXT NOT NULL,
  public_pem   TEXT NOT NULL,
  private_pem  TEXT NOT NULL
);
CREATE TRIGGER users_delete_ap_keys AFTER DELETE ON users BEGIN
  DELETE FROM ap_keys WHERE user = OLD.id;
END;
-- Federation, the exchange (schema 24): remote people are rows of users with their actor IRI in
-- remote_actor (no password, never signing in), so that follows, likes and comments reference
-- them like anyone and their Delete goes through the usual cascades.
CREATE UNIQUE INDEX users_remote_actor ON users (remote_actor) WHERE remote_actor != '';
-- What a remote person's actor document said, refreshed after a day and at once when their
-- signature fails to verify (a rotated key).
CREATE TABLE ap_actors (
  user          TEXT PRIMARY KEY NOT NULL,
  iri           TEXT NOT NULL,
  inbox         TEXT NOT NULL,
  shared_inbox  TEXT NOT NULL DEFAULT '',
  key_id        TEXT NOT NULL,
  public_pem    TEXT NOT NULL,
  url           TEXT NOT NULL DEFAULT '',
  fetched       INTEGER NOT NULL
);
CREATE UNIQUE INDEX ap_actors_iri ON ap_actors (iri);
CREATE INDEX ap_actors_key_id ON ap_actors (key_id);
CREATE TRIGGER users_delete_ap_actors AFTER DELETE ON users BEGIN
  DELETE FROM ap_actors WHERE user = OLD.id;
END;
-- Which local row a remote object or activity became (a reply: comments; a Like: trail_likes;
-- a Follow: follows), so that its Undo, Update or Delete finds it; `actor` is the users row of
-- the remote person it belongs to. Rows go with what they name.
CREATE TABLE ap_objects (
  iri       TEXT PRIMARY KEY NOT NULL,
  family    TEXT NOT NULL,
  local_id  TEXT NOT NULL,
  actor     TEXT NOT NULL,
  -- What the object was when last read (a kept trail: its GPS file's and photos' addresses).
  version   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX ap_objects_local_id ON ap_objects (local_id);
CREATE INDEX ap_objects_actor ON ap_objects (actor);
-- Domains this server neither accepts nor sends anything from or to (`cairn federation block`).
CREATE TABLE ap_blocked_domains (
  domain   TEXT PRIMARY KEY NOT NULL,
  created  TEXT NOT NULL
);
-- One row while federation is on (written at start): the triggers below record what to send
-- only then.
CREATE TABLE ap_switch (
  since  TEXT NOT NULL
);
-- A row while an inbox applies a remote activity, in that transaction only: what it removes is
-- the remote side's doing, not something to tell them about.
CREATE TABLE ap_applying (
  actor  TEXT NOT NULL
);
-- Local people whose doings go out: federation on, local, not opted out.
CREATE VIEW ap_senders (id) AS
  SELECT u.id FROM users u WHERE u.remote_actor = '' AND EXISTS (SELECT 1 FROM ap_switch)
    AND NOT EXISTS (SELECT 1 FROM settings s WHERE s.user = u.id AND s.federation = 'off');
-- What happened that other servers must hear of, written by the triggers below in the writer's
-- transaction (so every path that writes, API, import or merge, is covered), and turned into
-- deliveries by services/federation/activity_outbox.h.
CREATE TABLE ap_events (
  id       INTEGER PRIMARY KEY,
  created  TEXT NOT NULL,
  kind     TEXT NOT NULL,
  family   TEXT NOT NULL,
  object   TEXT NOT NULL,
  actor    TEXT NOT NULL,
  target   TEXT NOT NULL DEFAULT '',
  detail   TEXT NOT NULL DEFAULT ''
);
CREATE TRIGGER ap_trails_insert AFTER INSERT ON trails
WHEN NEW.public = 1 AND NEW.author IN (SELECT id FROM ap_senders) BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor)
    VALUES (strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'create', 'trails', NEW.id, NEW.author);
END;
CREATE TRIGGER ap_trails_update AFTER UPDATE OF public, name, description, date, distance,
  duration, elevation_gain, location, photos, gpx ON trails
WHEN (OLD.public = 1 OR NEW.public = 1) AND NEW.author IN (SELECT id FROM ap_senders) BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor)
    VALUES (strftime('%Y-%m-%d %H:%M:%fZ', 'now'), CASE WHEN OLD.public = 0 THEN 'create'
      WHEN NEW.public = 0 THEN 'delete' ELSE 'update' END, 'trails', NEW.id, NEW.author);
END;
CREATE TRIGGER ap_trails_delete AFTER DELETE ON trails
WHEN OLD.public = 1 AND OLD.author IN (SELECT id FROM ap_senders) BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor)
    VALUES (strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'delete', 'trails', OLD.id, OLD.author);
END;
-- A deleted copy of a remote trail forgets its remote object (it may be kept again).
CREATE TRIGGER ap_objects_trails_delete AFTER DELETE ON trails BEGIN
  DELETE FROM ap_objects WHERE local_id = OLD.id AND family = 'trails';
END;
CREATE TRIGGER ap_comments_insert AFTER INSERT ON comments
WHEN NEW.author IN (SELECT id FROM ap_senders)
  AND EXISTS (SELECT 1 FROM trails t WHERE t.id = NEW.trail AND t.public = 1) BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target)
    VALUES (strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'create', 'comments', NEW.id, NEW.author,
      NEW.trail);
END;
CREATE TRIGGER ap_comments_update AFTER UPDATE OF text ON comments
WHEN NEW.author IN (SELECT id FROM ap_senders)
  AND EXISTS (SELECT 1 FROM trails t WHERE t.id = NEW.trail AND t.public = 1) BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target)
    VALUES (strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'update', 'comments', NEW.id, NEW.author,
      NEW.trail);
END;
CREATE TRIGGER ap_comments_delete AFTER DELETE ON comments BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target)
    SELECT strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'delete', 'comments', OLD.id, OLD.author,
      OLD.trail
    WHERE OLD.author IN (SELECT id FROM ap_senders)
      AND EXISTS (SELECT 1 FROM trails t WHERE t.id = OLD.trail AND t.public = 1);
  DELETE FROM ap_objects WHERE local_id = OLD.id;
END;
CREATE TRIGGER ap_summit_logs_insert AFTER INSERT ON summit_logs
WHEN NEW.author IN (SELECT id FROM ap_senders)
  AND EXISTS (SELECT 1 FROM trails t WHERE t.id = NEW.trail AND t.public = 1) BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target)
    VALUES (strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'create', 'summit_logs', NEW.id, NEW.author,
      NEW.trail);
END;
CREATE TRIGGER ap_summit_logs_delete AFTER DELETE ON summit_logs
WHEN OLD.author IN (SELECT id FROM ap_senders)
  AND EXISTS (SELECT 1 FROM trails t WHERE t.id = OLD.trail AND t.public = 1) BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target)
    VALUES (strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'delete', 'summit_logs', OLD.id, OLD.author,
      OLD.trail);
END;
-- A local person follows a remote one: Follow. A remote person's follow of a local one is
-- answered with Accept once it is accepted (at once for a public account).
CREATE TRIGGER ap_follows_insert AFTER INSERT ON follows BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target)
    SELECT strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'follow', 'follows', NEW.id, NEW.follower,
      NEW.followee
    WHERE NEW.follower IN (SELECT id FROM ap_senders)
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.followee AND u.remote_actor != '');
  INSERT INTO ap_events (created, kind, family, object, actor, target)
    SELECT strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'accept', 'follows', NEW.id, NEW.followee,
      NEW.follower
    WHERE NEW.status = 'accepted' AND NEW.followee IN (SELECT id FROM ap_senders)
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.follower AND u.remote_actor != '');
END;
CREATE TRIGGER ap_follows_accept AFTER UPDATE OF status ON follows
WHEN OLD.status = 'pending' AND NEW.status = 'accepted'
  AND NEW.followee IN (SELECT id FROM ap_senders)
  AND EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.follower AND u.remote_actor != '') BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target)
    VALUES (strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'accept', 'follows', NEW.id, NEW.followee,
      NEW.follower);
END;
-- Ending a follow here is an Undo of ours or a Reject of theirs, unless the remote side ended it.
CREATE TRIGGER ap_follows_delete AFTER DELETE ON follows BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target, detail)
    SELECT strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'undo', 'follows', OLD.id, OLD.follower,
      OLD.followee, ''
    WHERE OLD.follower IN (SELECT id FROM ap_senders) AND NOT EXISTS (SELECT 1 FROM ap_applying)
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.followee AND u.remote_actor != '')
    UNION ALL
    SELECT strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'reject', 'follows', OLD.id, OLD.followee,
      OLD.follower, coalesce((SELECT o.iri FROM ap_objects o WHERE o.local_id = OLD.id), '')
    WHERE OLD.followee IN (SELECT id FROM ap_senders) AND NOT EXISTS (SELECT 1 FROM ap_applying)
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.follower AND u.remote_actor != '');
  DELETE FROM ap_objects WHERE local_id = OLD.id;
END;
-- A local person likes a remote person's trail, or takes the like back.
CREATE TRIGGER ap_trail_likes_insert AFTER INSERT ON trail_likes
WHEN NEW.user IN (SELECT id FROM ap_senders) AND EXISTS (SELECT 1 FROM trails t, users u
  WHERE t.id = NEW.trail AND u.id = t.author AND u.remote_actor != '') BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target, detail)
    SELECT strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'like', 'trail_likes', NEW.id, NEW.user,
      t.author, NEW.trail FROM trails t WHERE t.id = NEW.trail;
END;
CREATE TRIGGER ap_trail_likes_delete AFTER DELETE ON trail_likes BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target, detail)
    SELECT strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'undo', 'trail_likes', OLD.id, OLD.user,
      t.author, OLD.trail FROM trails t, users u
    WHERE t.id = OLD.trail AND u.id = t.author AND u.remote_actor != ''
      AND OLD.user IN (SELECT id FROM ap_senders) AND NOT EXISTS (SELECT 1 FROM ap_applying);
  DELETE FROM ap_objects WHERE local_id = OLD.id;
END;
-- People of this server who deleted their account, kept while other servers hear of it (48 hours
-- at most): their name and key, so the Delete of their actor is signed and its signature can be
-- checked at their actor's address meanwhile.
CREATE TABLE ap_departed (
  user         TEXT PRIMARY KEY NOT NULL,
  username     TEXT NOT NULL,
  deleted      TEXT NOT NULL,
  public_pem   TEXT NOT NULL,
  private_pem  TEXT NOT NULL
);
-- A person who took part in federation (they have a key) deletes their account: the Delete of
-- their actor goes to everyone elsewhere whom the deletion's own events name (the people they
-- followed or who followed them, whose trails they liked). Their dependents are deleted first,
-- so those events are in ap_events by now.
-- A public trail shared with a person of another server: an Announce to them, as wanderer tells a
-- share (a trail that is not public is never sent); the share ended: its Undo.
CREATE TRIGGER ap_trail_share_insert AFTER INSERT ON trail_share
WHEN EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.user AND u.remote_actor != '') BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target, detail)
    SELECT strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'announce', 'trail_share', NEW.id, t.author,
      NEW.user, NEW.trail FROM trails t
    WHERE t.id = NEW.trail AND t.public = 1 AND t.author IN (SELECT id FROM ap_senders);
END;
CREATE TRIGGER ap_trail_share_delete AFTER DELETE ON trail_share BEGIN
  INSERT INTO ap_events (created, kind, family, object, actor, target, detail)
    SELECT strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'undo', 'trail_share', OLD.id, t.author,
      OLD.user, OLD.trail FROM trails t, users u
    WHERE t.id = OLD.trail AND t.public = 1 AND t.author IN (SELECT id FROM ap_senders)
      AND u.id = OLD.user AND u.remote_actor != '' AND NOT EXISTS (SELECT 1 FROM ap_applying);
  DELETE FROM ap_objects WHERE local_id = OLD.id;
END;
CREATE TRIGGER ap_users_departed BEFORE DELETE ON users
WHEN OLD.remote_actor = '' AND EXISTS (SELECT 1 FROM ap_switch)
  AND EXISTS (SELECT 1 FROM ap_keys k WHERE k.user = OLD.id) BEGIN
  INSERT OR REPLACE INTO ap_departed (user, username, deleted, public_pem, private_pem)
    SELECT OLD.id, OLD.username, strftime('%Y-%m-%d %H:%M:%fZ', 'now'), k.public_pem,
      k.private_pem FROM ap_keys k WHERE k.user = OLD.id;
  INSERT INTO ap_events (created, kind, family, object, actor, detail)
    VALUES (strftime('%Y-%m-%d %H:%M:%fZ', 'now'), 'delete', 'users', OLD.id, OLD.id,
      (SELECT json_group_array(DISTINCT e.target) FROM ap_events e JOIN users r ON r.id = e.target
        AND r.remote_actor != '' WHERE e.actor = OLD.id));
END;
-- Signed POSTs waiting to go out (services/federation/delivery_queue.h): one per activity and
-- inbox (a shared inbox where the remote has one), retried with backoff for two days.
CREATE TABLE ap_deliveries (
  id            INTEGER PRIMARY KEY,
  created       INTEGER NOT NULL,
  sender        TEXT NOT NULL,
  inbox         TEXT NOT NULL,
  activity      TEXT NOT NULL,
  attempts      INTEGER NOT NULL DEFAULT 0,
  next_attempt  INTEGER NOT NULL,
  last_error    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX ap_deliveries_due ON ap_deliveries (next_attempt);
-- One row per event for its recipient; `author` caused it (never the recipient); `mailed` is
-- when it went out in an e-mail digest ('' not yet, '-' never: mail is off for its type).
CREATE TABLE notifications (
  id         TEXT PRIMARY KEY NOT NULL,
  created    TEXT NOT NULL,
  updated    TEXT NOT NULL,
  recipient  TEXT NOT NULL,
  author     TEXT NOT NULL DEFAULT '',
  type       TEXT NOT NULL,
  metadata   TEXT NOT NULL DEFAULT '{}',
  seen       INTEGER NOT NULL DEFAULT 0,
  mailed     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX notifications_recipient_created ON notifications (recipient, created);
CREATE INDEX notifications_recipient_unseen ON notifications (recipient) WHERE seen = 0;
CREATE INDEX notifications_unmailed ON notifications (recipient) WHERE mailed = '';
CREATE INDEX notifications_author ON notifications (author);
-- Statistics (migration 19, issue 19): what each user completed, kept on every write so a
-- profile's statistics read a few index entries instead of every track. One activity per user,
-- completed item and day: their own trail on its date, and their summit logs (on any trail, or on
-- none); a summit log on one's own trail on the trail's date is the same outing, counted once.
-- `public` is whether strangers may count it (its trail is public), so the statistics a caller
-- sees are a GROUP BY over (user, public, day). Kept by the triggers below, from any writer, in
-- the same statement as the write (services/people/statistics_service.h; docs/STATISTICS.md).
CREATE TABLE user_activities (
  user             TEXT NOT NULL,
  item             TEXT NOT NULL,  -- the trail, or the summit log when it is on no trail
  day              TEXT NOT NULL,  -- YYYY-MM-DD
  trail            TEXT NOT NULL DEFAULT '',
  public           INTEGER NOT NULL DEFAULT 0,
  category         TEXT NOT NULL DEFAULT '',
  name             TEXT NOT NULL DEFAULT '',
  distance         REAL NOT NULL DEFAULT 0,
  elevation_gain   REAL NOT NULL DEFAULT 0,
  elevation_loss   REAL NOT NULL DEFAULT 0,
  duration         REAL NOT NULL DEFAULT 0,
  moving_duration  REAL NOT NULL DEFAULT 0,
  max_elevation    REAL,
  -- The grid cells its trail's preview line passes through (cairn_line_cells): a person's
  -- places are the cells of their activities, gathered when their statistics are read.
  cells            TEXT NOT NULL DEFAULT '[]',
  -- Keyed by item first, so a trail's change finds its activities without an index of its own:
  -- every B-tree more is one page more written by every trail create (migration 21).
  PRIMARY KEY (item, user, day)
) WITHOUT ROWID;
CREATE INDEX user_activities_user_public_day ON user_activities (user, public, day);
-- Inserting (user, item, day) here computes that activity again from its trail and summit logs:
-- the figures of the user's own trail when it is dated that day, else those of their summit log
-- of that day (the longest) when it has any, else its trail's.
CREATE VIEW user_activities_refresh (user, item, day) AS SELECT NULL, NULL, NULL WHERE 0;
CREATE TRIGGER user_activities_refresh_one INSTEAD OF INSERT ON user_activities_refresh BEGIN
  DELETE FROM user_activities WHERE user = NEW.user AND item = NEW.item AND day = NEW.day;
  INSERT INTO user_activities (user, item, day, trail, public, category, name, distance,
    elevation_gain, elevation_loss, duration, moving_duration, max_elevation, cells)
  SELECT NEW.user, NEW.item, NEW.day, coalesce(x.id, ''), coalesce(x.public, 0),
    coalesce(x.category, ''), coalesce(x.name, ''),
    CASE WHEN x.by_trail THEN coalesce(x.distance, 0) ELSE x.log_distance END,
    CASE WHEN x.by_trail THEN coalesce(x.elevation_gain, 0) ELSE x.log_elevation_gain END,
    CASE WHEN x.by_trail THEN coalesce(x.elevation_loss, 0) ELSE x.log_elevation_loss END,
    CASE WHEN x.by_trail THEN coalesce(x.duration, 0) ELSE x.log_duration END,
    CASE WHEN x.by_trail THEN coalesce(x.moving_duration, 0) ELSE 0 END,
    x.max_elevation, coalesce(cairn_line_cells(x.preview, x.lat, x.lon), '[]')
  FROM (SELECT t.id, t.public, t.category, t.name, t.distance, t.elevation_gain,
      t.elevation_loss, t.duration, t.moving_duration, t.max_elevation, t.preview, t.lat, t.lon,
      s.id AS log, s.distance AS log_distance, s.elevation_gain AS log_elevation_gain,
      s.elevation_loss AS log_elevation_loss, s.duration AS log_duration,
      (t.author IS NEW.user AND substr(t.date, 1, 10) IS NEW.day) AS own,
      (t.author IS NEW.user AND substr(t.date, 1, 10) IS NEW.day)
        OR NOT (s.distance > 0 OR s.duration > 0 OR s.elevation_gain > 0) IS 1 AS by_trail
    FROM (SELECT NEW.item AS item) k
    LEFT JOIN trails t ON t.id = k.item
    LEFT JOIN summit_logs s ON s.id = (SELECT l.id FROM summit_logs l WHERE l.author = NEW.user
      AND (l.trail = NEW.item OR (l.trail = '' AND l.id = NEW.item))
      AND substr(l.date, 1, 10) = NEW.day ORDER BY l.distance DESC, l.id LIMIT 1)) x
  WHERE NEW.day != '' AND (x.own OR x.log IS NOT NULL);
END;
-- A new trail has no summit logs yet (they name an existing trail): its activity is its own
-- figures, written directly rather than computed again through user_activities_refresh.
CREATE TRIGGER user_activities_trails_insert AFTER INSERT ON trails WHEN NEW.date != '' BEGIN
  INSERT INTO user_activities (user, item, day, trail, public, category, name, distance,
    elevation_gain, elevation_loss, duration, moving_duration, max_elevation, cells)
  VALUES (NEW.author, NEW.id, substr(NEW.date, 1, 10), NEW.id, coalesce(NEW.public, 0),
    coalesce(NEW.category, ''), coalesce(NEW.name, ''), coalesce(NEW.distance, 0),
    coalesce(NEW.elevation_gain, 0), coalesce(NEW.elevation_loss, 0), coalesce(NEW.duration, 0),
    coalesce(NEW.moving_duration, 0), NEW.max_elevation,
    coalesce(cairn_line_cells(NEW.preview, NEW.lat, NEW.lon), '[]'));
END;
-- A trail's change reaches its author's activity and everyone's summit logs on it (its public
-- flag, category, name and figures are theirs too). UNION: the rows are gathered before any
-- is computed again.
CREATE TRIGGER user_activities_trails_update AFTER UPDATE OF author, date, public, category, name,
  distance, elevation_gain, elevation_loss, duration, moving_duration, max_elevation, preview, lat,
  lon ON trails WHEN OLD.author IS NOT NEW.author OR OLD.date IS NOT NEW.date
  OR OLD.public IS NOT NEW.public OR OLD.category IS NOT NEW.category OR OLD.name IS NOT NEW.name
  OR OLD.distance IS NOT NEW.distance OR OLD.elevation_gain IS NOT NEW.elevation_gain
  OR OLD.elevation_loss IS NOT NEW.elevation_loss OR OLD.duration IS NOT NEW.duration
  OR OLD.moving_duration IS NOT NEW.moving_duration OR OLD.max_elevation IS NOT NEW.max_elevation
  OR OLD.preview IS NOT NEW.preview OR OLD.lat IS NOT NEW.lat OR OLD.lon IS NOT NEW.lon BEGIN
  INSERT INTO user_activities_refresh SELECT user, item, day FROM user_activities WHERE item = NEW.id
    UNION SELECT NEW.author, NEW.id, substr(NEW.date, 1, 10) WHERE NEW.date != '';
END;
CREATE TRIGGER user_activities_trails_delete AFTER DELETE ON trails BEGIN
  INSERT INTO user_activities_refresh
    SELECT user, item, day FROM user_activities WHERE item = OLD.id UNION SELECT '', '', '' WHERE 0;
END;
CREATE TRIGGER user_activities_summit_logs_insert AFTER INSERT ON summit_logs BEGIN
  INSERT INTO user_activities_refresh VALUES (NEW.author,
    CASE WHEN NEW.trail = '' THEN NEW.id ELSE NEW.trail END, substr(NEW.date, 1, 10));
END;
CREATE TRIGGER user_activities_summit_logs_update AFTER UPDATE OF author, trail, date, distance,
  duration, elevation_gain ON summit_logs WHEN OLD.author IS NOT NEW.author
  OR OLD.trail IS NOT NEW.trail OR OLD.date IS NOT NEW.date OR OLD.distance IS NOT NEW.distance
  OR OLD.duration IS NOT NEW.duration OR OLD.elevation_gain IS NOT NEW.elevation_gain BEGIN
  INSERT INTO user_activities_refresh SELECT OLD.author,
    CASE WHEN OLD.trail = '' THEN OLD.id ELSE OLD.trail END, substr(OLD.date, 1, 10)
    UNION SELECT NEW.author, CASE WHEN NEW.trail = '' THEN NEW.id ELSE NEW.trail END,
      substr(NEW.date, 1, 10);
END;
CREATE TRIGGER user_activities_summit_logs_delete AFTER DELETE ON summit_logs BEGIN
  INSERT INTO user_activities_refresh VALUES (OLD.author,
    CASE WHEN OLD.trail = '' THEN OLD.id ELSE OLD.trail END, substr(OLD.date, 1, 10));
END;

-- Notifications (migration 20, issue 19), written by triggers so that every writer makes them in
-- its own transaction. Each trigger inserts into notifications_new, which keeps the rules in one
-- place: never for one's own action, only for a local user (never a remote one), no row when the recipient turned the
-- type's in-app delivery off (settings.notifications.<type>.web = false; missing means on), and
-- mailed = '-' when its e-mail is off. Metadata keys follow wanderer's (trail_id, trail_name, ...);
-- what the recipient may no longer see is taken out when it is read (services/feed/).
CREATE VIEW notifications_new (recipient, author, type, metadata, created) AS
  SELECT NULL, NULL, NULL, NULL, NULL WHERE 0;
CREATE TRIGGER notifications_new_insert INSTEAD OF INSERT ON notifications_new
WHEN NEW.recipient IS NOT NEW.author AND EXISTS (SELECT 1 FROM users WHERE id = NEW.recipient
  AND remote_actor = '')
  AND coalesce((SELECT json_extract(s.notifications, '$.' || NEW.type || '.web') FROM settings s
    WHERE s.user = NEW.recipient AND json_valid(s.notifications)), 1) != 0 BEGIN
  INSERT INTO notifications (id, created, updated, recipient, author, type, metadata, mailed)
  VALUES (substr(lower(hex(randomblob(8))), 1, 15), NEW.created, NEW.created, NEW.recipient,
    NEW.author, NEW.type, NEW.metadata,
    CASE WHEN coalesce((SELECT json_extract(s.notifications, '$.' || NEW.type || '.email')
      FROM settings s WHERE s.user = NEW.recipient AND json_valid(s.notifications)), 1) != 0
    THEN '' ELSE '-' END);
END;
CREATE TRIGGER notify_trail_share AFTER INSERT ON trail_share BEGIN
  INSERT INTO notifications_new SELECT NEW.user, t.author, 'trail_share',
    json_object('id', t.id, 'trail', t.name,
      'author', (SELECT '@' || u.username FROM users u WHERE u.id = t.author)), NEW.created
    FROM trails t WHERE t.id = NEW.trail;
END;
CREATE TRIGGER notify_list_share AFTER INSERT ON list_share BEGIN
  INSERT INTO notifications_new SELECT NEW.user, l.author, 'list_share',
    json_object('id', l.id, 'list', l.name,
      'author', (SELECT '@' || u.username FROM users u WHERE u.id = l.author)), NEW.created
    FROM lists l WHERE l.id = NEW.list;
END;
-- The trail's author hears of a comment; everyone else who commented on it earlier, of a reply.
CREATE TRIGGER notify_comments AFTER INSERT ON comments BEGIN
  INSERT INTO notifications_new SELECT t.author, NEW.author, 'trail_comment',
    json_object('comment', substr(NEW.text, 1, 500), 'comment_id', NEW.id, 'trail_id', t.id,
      'trail_name', t.name,
      'trail_author', (SELECT '@' || u.username FROM users u WHERE u.id = t.author)), NEW.created
    FROM trails t WHERE t.id = NEW.trail;
  INSERT INTO notifications_new SELECT c.author, NEW.author, 'comment_reply',
    json_object('comment', substr(NEW.text, 1, 500), 'comment_id', NEW.id, 'trail_id', t.id,
      'trail_name', t.name,
      'trail_author', (SELECT '@' || u.username FROM users u WHERE u.id = t.author)), NEW.created
    FROM trails t, (SELECT DISTINCT author FROM comments WHERE trail = NEW.trail AND id != NEW.id) c
    WHERE t.id = NEW.trail AND c.author != t.author;
END;
CREATE TRIGGER notify_summit_logs AFTER INSERT ON summit_logs WHEN NEW.trail != '' BEGIN
  INSERT INTO notifications_new SELECT t.author, NEW.author, 'summit_log_create',
    json_object('summit_log_id', NEW.id, 'trail_id', t.id, 'trail_name', t.name,
      'trail_author', (SELECT '@' || u.username FROM users u WHERE u.id = t.author)), NEW.created
    FROM trails t WHERE t.id = NEW.trail;
END;
CREATE TRIGGER notify_trail_likes AFTER INSERT ON trail_likes BEGIN
  INSERT INTO notifications_new SELECT t.author, NEW.user, 'trail_like',
    json_object('trail_id', t.id, 'trail_name', t.name,
      'trail_author', (SELECT '@' || u.username FROM users u WHERE u.id = t.author),
      'liker', (SELECT '@' || u.username FROM users u WHERE u.id = NEW.user)), NEW.created
    FROM trails t WHERE t.id = NEW.trail;
END;
-- A follow of a public account is a new follower at once; one of a private account waits as a
-- request, which goes when the follow does (withdrawn or rejected).
CREATE TRIGGER notify_follows AFTER INSERT ON follows BEGIN
  INSERT INTO notifications_new SELECT NEW.followee, NEW.follower,
    CASE WHEN NEW.status = 'pending' THEN 'follow_request' ELSE 'new_follower' END,
    json_object('follower', (SELECT '@' || u.username FROM users u WHERE u.id = NEW.follower),
      'follow_id', NEW.id), NEW.created;
END;
CREATE TRIGGER notify_follows_delete AFTER DELETE ON follows WHEN OLD.status = 'pending' BEGIN
  DELETE FROM notifications WHERE recipient = OLD.followee AND type = 'follow_request'
    AND json_extract(metadata, '$.follow_id') = OLD.id;
END;

-- The default categories of the reference system, with their pictograms (files written at start
-- when missing, src/services/categories/seed_images.cpp) and folded names.
INSERT INTO categories (id, created, updated, name, img, name_folded) VALUES
  ('hikingcategory1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Hiking', 'hiking_pictogram1.png', 'hiking'),
  ('walkingcategory', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Walking', 'walking_pictogram1.png', 'walking'),
  ('climbingcategor', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Climbing', 'climbing_pictogram1.png', 'climbing'),
  ('skiingcategory1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Skiing', 'skiing_pictogram1.png', 'skiing'),
  ('canoeingcategor', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Canoeing', 'canoeing_pictogram1.png', 'canoeing'),
  ('bikingcategory1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Biking', 'biking_pictogram1.png', 'biking');

-- Their subcategories. Migration 11 writes the same rows, and the same pictogram names.
INSERT INTO subcategories (id, created, updated, name, category) VALUES
  ('hikingdayhike01', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Day hike', 'hikingcategory1'),
  ('hikingmultiday1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Multi-day', 'hikingcategory1'),
  ('hikingviaferrat', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Via ferrata', 'hikingcategory1'),
  ('walkingcitywalk', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'City walk', 'walkingcategory'),
  ('walkingnordic01', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Nordic walking', 'walkingcategory'),
  ('walkingcoastal1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Coastal walk', 'walkingcategory'),
  ('climbingsport01', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Sport climbing', 'climbingcategor'),
  ('climbingtrad001', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Trad climbing', 'climbingcategor'),
  ('climbingboulder', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Bouldering', 'climbingcategor'),
  ('climbingalpine1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Alpine climbing', 'climbingcategor'),
  ('skiingtouring01', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Alpine touring', 'skiingcategory1'),
  ('skiingcrosscoun', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Cross-country', 'skiingcategory1'),
  ('skiingdownhill1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Downhill', 'skiingcategory1'),
  ('skiingsnowshoe1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Snowshoeing', 'skiingcategory1'),
  ('canoeingflatwat', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Flatwater', 'canoeingcategor'),
  ('canoeingwhitewa', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Whitewater', 'canoeingcategor'),
  ('canoeingseakaya', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Sea kayaking', 'canoeingcategor'),
  ('bikingroad00001', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Road', 'bikingcategory1'),
  ('bikinggravel001', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Gravel', 'bikingcategory1'),
  ('bikingmountain1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Mountain', 'bikingcategory1'),
  ('bikingtouring01', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'Touring', 'bikingcategory1');

-- Plugins a person configured: one row per instance; `auth` holds their secrets sealed with the
-- installation secret (services/accounts/secret_sealer.h) and is never served as stored.
CREATE TABLE plugin_instances (
  id         TEXT PRIMARY KEY NOT NULL,
  created    TEXT NOT NULL,
  updated    TEXT NOT NULL,
  user       TEXT NOT NULL,
  plugin_id  TEXT NOT NULL DEFAULT '',
  enabled    INTEGER NOT NULL DEFAULT 0,
  auth       TEXT,
  config     TEXT,
  status     TEXT NOT NULL DEFAULT '',
  last_sync  TEXT NOT NULL DEFAULT '',
  message    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX plugin_instances_user ON plugin_instances (user, plugin_id);
-- Runs of an importer (an export archive, a sync): their progress while they run and their
-- summary afterwards, the problems of single activities in `problems` ([{item, reason}]).
CREATE TABLE import_jobs (
  id          TEXT PRIMARY KEY NOT NULL,
  created     TEXT NOT NULL,
  updated     TEXT NOT NULL,
  user        TEXT NOT NULL,
  plugin      TEXT NOT NULL,
  source      TEXT NOT NULL DEFAULT '',
  format      TEXT NOT NULL DEFAULT '',
  status      TEXT NOT NULL,
  size        INTEGER NOT NULL DEFAULT 0,
  received    INTEGER NOT NULL DEFAULT 0,
  expected    INTEGER NOT NULL DEFAULT 0,
  done        INTEGER NOT NULL DEFAULT 0,
  imported    INTEGER NOT NULL DEFAULT 0,
  skipped     INTEGER NOT NULL DEFAULT 0,
  failed      INTEGER NOT NULL DEFAULT 0,
  problems    TEXT NOT NULL DEFAULT '[]',
  message     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX import_jobs_user ON import_jobs (user, created);
-- What each imported activity became: a second import of it finds it here and creates nothing;
-- the category remap finds the trails of one activity type.
CREATE TABLE trail_imports (
  user           TEXT NOT NULL,
  source         TEXT NOT NULL,
  external_id    TEXT NOT NULL,
  trail          TEXT NOT NULL,
  activity_type  TEXT NOT NULL DEFAULT '',
  job            TEXT NOT NULL DEFAULT '',
  created        TEXT NOT NULL,
  PRIMARY KEY (user, source, external_id)
) WITHOUT ROWID;
CREATE INDEX trail_imports_trail ON trail_imports (trail);
CREATE INDEX trail_imports_job ON trail_imports (job, activity_type);
CREATE TRIGGER trail_imports_trails_delete AFTER DELETE ON trails BEGIN
  DELETE FROM trail_imports WHERE trail = OLD.id;
END;
CREATE TRIGGER imports_users_delete AFTER DELETE ON users BEGIN
  DELETE FROM trail_imports WHERE user = OLD.id;
  DELETE FROM import_jobs WHERE user = OLD.id;
END;
-- A sign-in with an online service under way (oauth/start until oauth/callback): the state sent
-- there, kept as its SHA-256 only; the PKCE verifier sealed; gone after one use or ten minutes.
CREATE TABLE oauth_states (
  state_hash    TEXT PRIMARY KEY NOT NULL,
  user          TEXT NOT NULL,
  instance      TEXT NOT NULL,
  verifier      TEXT NOT NULL,
  redirect_uri  TEXT NOT NULL,
  expires       INTEGER NOT NULL
) WITHOUT ROWID;
-- How far a connection synced: the start time (Unix seconds) of the newest activity it has seen.
CREATE TABLE plugin_sync_cursors (
  instance  TEXT PRIMARY KEY NOT NULL,
  after     INTEGER NOT NULL,
  updated   TEXT NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER plugin_instances_forget AFTER DELETE ON plugin_instances BEGIN
  DELETE FROM oauth_states WHERE instance = OLD.id;
  DELETE FROM plugin_sync_cursors WHERE instance = OLD.id;
END;
-- Files of watched folders that became trails: a changed file updates its trail's track instead
-- of making another; an unchanged one is passed over after a restart.
CREATE TABLE watched_files (
  user     TEXT NOT NULL,
  path     TEXT NOT NULL,
  trail    TEXT NOT NULL,
  digest   TEXT NOT NULL,
  updated  TEXT NOT NULL,
  PRIMARY KEY (user, path)
) WITHOUT ROWID;
CREATE INDEX watched_files_trail ON watched_files (trail);
CREATE TRIGGER watched_files_trails_delete AFTER DELETE ON trails BEGIN
  DELETE FROM watched_files WHERE trail = OLD.id;
END;
CREATE TRIGGER watched_files_users_delete AFTER DELETE ON users BEGIN
  DELETE FROM watched_files WHERE user = OLD.id;
END;

PRAGMA user_version = 27;
