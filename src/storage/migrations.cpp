// Forward migrations of data.db. A fresh file gets schema.sql instead; tests check that both
// paths end with the same schema.
#include "geo/simplify.h"
#include "storage/database.h"
#include "storage/schema.h"

namespace cairn::storage {
namespace {

// Trails are read in batches of this many, so a large archive's polylines (up to about 10 KB
// each) are never all in memory at once.
constexpr int64_t kFillBatch = 256;

// Sets `column` (a literal of this file, never input) of every trail with a map line to
// `derive(polyline)`, exactly as an upload derives it.
util::Status FillFromPolyline(Connection& connection, const std::string& column,
                              util::Result<std::string> (*derive)(std::string_view)) {
  int64_t after = 0;
  for (;;) {
    CAIRN_ASSIGN_OR_RETURN(
        QueryResult rows,
        connection.Query("SELECT rowid, polyline FROM trails WHERE rowid > ? AND polyline != '' "
                         "ORDER BY rowid LIMIT ?",
                         {after, kFillBatch}));
    for (const auto& row : rows.rows) {
      after = std::get<int64_t>(row[0]);
      const auto* polyline = std::get_if<std::string>(&row[1]);
      if (!polyline) continue;
      // A line that does not decode (never written by Cairn) keeps an empty value.
      auto derived = derive(*polyline);
      if (!derived.ok()) continue;
      CAIRN_RETURN_IF_ERROR(
          connection.Execute("UPDATE trails SET " + column + " = ? WHERE rowid = ?",
                             {std::move(derived).value(), after}));
    }
    if (static_cast<int64_t>(rows.rows.size()) < kFillBatch) return util::OkStatus();
  }
}

// 5: each trail's `preview`.
util::Status FillTrailPreviews(Connection& connection) {
  return FillFromPolyline(connection, "preview", geo::PreviewPolyline);
}

// 6: each trail's `sketch`.
util::Status FillTrailSketches(Connection& connection) {
  return FillFromPolyline(connection, "sketch", geo::SketchPolyline);
}

}  // namespace

const std::vector<Migration>& Migrations() {
  static const std::vector<Migration> kMigrations = {
      // 2: public indexes on (public) alone, so pages of public trails and lists come in rowid
      // order without sorting every public row first.
      {2,
       "DROP INDEX trails_public; CREATE INDEX trails_public ON trails (public);"
       "DROP INDEX lists_public; CREATE INDEX lists_public ON lists (public);"},
      // 3: link shares, API tokens, settings and password resets (sharing and access issue).
      {3, R"sql(CREATE TABLE trail_link_share (
  id          TEXT PRIMARY KEY NOT NULL,
  created     TEXT NOT NULL,
  updated     TEXT NOT NULL,
  trail       TEXT NOT NULL,
  token       TEXT NOT NULL,
  permission  TEXT NOT NULL
);
CREATE UNIQUE INDEX trail_link_share_token ON trail_link_share (token);
CREATE INDEX trail_link_share_trail ON trail_link_share (trail);

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
  terrain        TEXT
);
CREATE UNIQUE INDEX settings_user ON settings (user);

-- Password reset tokens (only their SHA-256), single use, valid for an hour. Not an API collection.
CREATE TABLE password_resets (
  token_hash  TEXT PRIMARY KEY NOT NULL,
  user        TEXT NOT NULL,
  expires     TEXT NOT NULL
);
CREATE INDEX password_resets_user ON password_resets (user);
)sql"},
      // 4: track geometry on trails (GPS issue) and its spatial index.
      {4, R"sql(ALTER TABLE trails ADD COLUMN polyline         TEXT NOT NULL DEFAULT '';
ALTER TABLE trails ADD COLUMN min_lat          REAL NOT NULL DEFAULT 0;
ALTER TABLE trails ADD COLUMN min_lon          REAL NOT NULL DEFAULT 0;
ALTER TABLE trails ADD COLUMN max_lat          REAL NOT NULL DEFAULT 0;
ALTER TABLE trails ADD COLUMN max_lon          REAL NOT NULL DEFAULT 0;
ALTER TABLE trails ADD COLUMN moving_duration  REAL NOT NULL DEFAULT 0;
ALTER TABLE trails ADD COLUMN device_totals    TEXT;
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
)sql"},
      // 5: a small preview line for cards and overview maps (web UI), filled from the map line.
      {5, "ALTER TABLE trails ADD COLUMN preview TEXT NOT NULL DEFAULT '';", FillTrailPreviews},
      // 6: a coarser line still, for overview maps of hundreds of trails (web UI); users.private
      // follows settings.privacy.account.
      {6, R"sql(ALTER TABLE trails ADD COLUMN sketch TEXT NOT NULL DEFAULT '';
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
UPDATE users SET private = (SELECT CASE WHEN json_valid(privacy)
  THEN json_extract(privacy, '$.account') END IS 'private' FROM settings WHERE user = users.id)
  IS 1;
)sql",
       FillTrailSketches},
      // 7: tags (the "one home per family" issue's worked example).
      {7, R"sql(ALTER TABLE trails ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
CREATE TABLE tags (
  id           TEXT PRIMARY KEY NOT NULL,
  created      TEXT NOT NULL,
  updated      TEXT NOT NULL,
  name         TEXT NOT NULL DEFAULT '',
  name_folded  TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX tags_name_folded ON tags (name_folded);
)sql"},
      // 8: the device's totals as fields of their own (GPS truth, second pass), filled from the
      // JSON kept since migration 4.
      {8, R"sql(ALTER TABLE trails ADD COLUMN device_distance REAL;
ALTER TABLE trails ADD COLUMN device_elevation_gain REAL;
ALTER TABLE trails ADD COLUMN device_elevation_loss REAL;
ALTER TABLE trails ADD COLUMN device_duration REAL;
UPDATE trails SET device_distance = json_extract(device_totals, '$.distance'),
  device_elevation_gain = json_extract(device_totals, '$.elevation_gain'),
  device_elevation_loss = json_extract(device_totals, '$.elevation_loss'),
  device_duration = json_extract(device_totals, '$.elapsed')
  WHERE json_valid(device_totals);
)sql"},
      // 9: an index for every order the web app offers the trail list in (the discovery issue).
      {9, R"sql(CREATE INDEX trails_date ON trails (date);
CREATE INDEX trails_name ON trails (name);
CREATE INDEX trails_distance ON trails (distance);
CREATE INDEX trails_elevation_gain ON trails (elevation_gain);
)sql"},
      // 10: the full-text search index of trails and lists (the search issue), filled from every
      // row; cairn_fold is registered on the connection that migrates (storage/database.cpp).
      // And trails without a track by their start, for map areas.
      {10,
       R"sql(CREATE INDEX trails_trackless_start ON trails (lat, lon) WHERE polyline = '';
-- Full-text search (services/search/search_index.h). Each trail and list has one row in
-- trails_search / lists_search, under the same rowid, holding its words folded by cairn_fold (lower
-- case, no accents: util::FoldForSearch, which every connection of the server registers) and the
-- names of its tags, author and category; *_search_infix indexes the short fields again by
-- trigrams (inner parts of words), *_search_terms lists the distinct words (typos). Triggers keep
-- them in step with every write, inside its transaction. A client without cairn_fold (the sqlite3
-- shell) can read everything, but not write trails or lists, nor rename or delete users,
-- categories or tags. Prefix indexes of one and two characters keep the first letters typed as
-- quick as whole words ("s" takes 8 ms at 10 000 trails without them, 2 ms with them).
CREATE VIRTUAL TABLE trails_search USING fts5(name, description, location, tags, author, category,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2');
CREATE VIRTUAL TABLE trails_search_infix USING fts5(name, location, tags, author, category,
  content = '', tokenize = 'trigram');
CREATE VIRTUAL TABLE trails_search_terms USING fts5vocab(trails_search, row);
-- What the index holds for each trail (CROSS JOIN: a trail's few tag ids lead to the tags, never
-- every tag to the trail's ids).
CREATE VIEW trails_search_source AS SELECT t.rowid AS trail, cairn_fold(t.name) AS name,
  cairn_fold(t.description) AS description, cairn_fold(t.location) AS location,
  cairn_fold((SELECT group_concat(g.name, ' ') FROM json_each(CASE WHEN json_valid(t.tags)
    THEN t.tags ELSE '[]' END) j CROSS JOIN tags g ON g.id = j.value)) AS tags,
  cairn_fold((SELECT u.username FROM users u WHERE u.id = t.author)) AS author,
  cairn_fold((SELECT c.name FROM categories c WHERE c.id = t.category)) AS category
FROM trails t;
-- Inserting a trail's rowid here reads it into the index again (or out, when it is gone).
CREATE VIEW trails_search_reindex (trail) AS SELECT NULL WHERE 0;
CREATE TRIGGER trails_search_reindex_trail INSTEAD OF INSERT ON trails_search_reindex BEGIN
  -- A contentless table forgets a row when told the values it indexed for it.
  INSERT INTO trails_search_infix (trails_search_infix, rowid, name, location, tags, author,
    category) SELECT 'delete', rowid, name, location, tags, author, category FROM trails_search
    WHERE rowid = NEW.trail;
  DELETE FROM trails_search WHERE rowid = NEW.trail;
  INSERT INTO trails_search (rowid, name, description, location, tags, author, category)
    SELECT * FROM trails_search_source WHERE trail = NEW.trail;
  INSERT INTO trails_search_infix (rowid, name, location, tags, author, category)
    SELECT rowid, name, location, tags, author, category FROM trails_search WHERE rowid = NEW.trail;
END;
CREATE TRIGGER trails_search_insert AFTER INSERT ON trails BEGIN
  INSERT INTO trails_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER trails_search_update AFTER UPDATE OF name, description, location, tags, author,
  category ON trails WHEN OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description
  OR OLD.location IS NOT NEW.location OR OLD.tags IS NOT NEW.tags OR OLD.author IS NOT NEW.author
  OR OLD.category IS NOT NEW.category BEGIN
  INSERT INTO trails_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER trails_search_delete AFTER DELETE ON trails BEGIN
  INSERT INTO trails_search_reindex VALUES (OLD.rowid);
END;

CREATE VIRTUAL TABLE lists_search USING fts5(name, description, author,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2');
CREATE VIRTUAL TABLE lists_search_infix USING fts5(name, author, content = '', tokenize = 'trigram');
CREATE VIRTUAL TABLE lists_search_terms USING fts5vocab(lists_search, row);
CREATE VIEW lists_search_source AS SELECT l.rowid AS list, cairn_fold(l.name) AS name,
  cairn_fold(l.description) AS description,
  cairn_fold((SELECT u.username FROM users u WHERE u.id = l.author)) AS author
FROM lists l;
CREATE VIEW lists_search_reindex (list) AS SELECT NULL WHERE 0;
CREATE TRIGGER lists_search_reindex_list INSTEAD OF INSERT ON lists_search_reindex BEGIN
  INSERT INTO lists_search_infix (lists_search_infix, rowid, name, author)
    SELECT 'delete', rowid, name, author FROM lists_search WHERE rowid = NEW.list;
  DELETE FROM lists_search WHERE rowid = NEW.list;
  INSERT INTO lists_search (rowid, name, description, author)
    SELECT * FROM lists_search_source WHERE list = NEW.list;
  INSERT INTO lists_search_infix (rowid, name, author)
    SELECT rowid, name, author FROM lists_search WHERE rowid = NEW.list;
END;
CREATE TRIGGER lists_search_insert AFTER INSERT ON lists BEGIN
  INSERT INTO lists_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER lists_search_update AFTER UPDATE OF name, description, author ON lists
  WHEN OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description
  OR OLD.author IS NOT NEW.author BEGIN
  INSERT INTO lists_search_reindex VALUES (NEW.rowid);
END;
CREATE TRIGGER lists_search_delete AFTER DELETE ON lists BEGIN
  INSERT INTO lists_search_reindex VALUES (OLD.rowid);
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
-- Every trail and list as it is now.
INSERT INTO trails_search (rowid, name, description, location, tags, author, category)
  SELECT * FROM trails_search_source;
INSERT INTO trails_search_infix (rowid, name, location, tags, author, category)
  SELECT rowid, name, location, tags, author, category FROM trails_search;
INSERT INTO lists_search (rowid, name, description, author) SELECT * FROM lists_search_source;
INSERT INTO lists_search_infix (rowid, name, author) SELECT rowid, name, author FROM lists_search;
)sql"},
  };
  return kMigrations;
}

int CurrentSchemaVersion() { return Migrations().back().to_version; }

}  // namespace cairn::storage
