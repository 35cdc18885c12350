// Forward migrations of data.db. A fresh file gets schema.sql instead; tests check that both
// paths end with the same schema.
#include <string>
#include <string_view>

#include "geo/simplify.h"
#include "storage/database.h"
#include "storage/migrations_federation.h"
#include "storage/migrations_imports.h"
#include "storage/migrations_people.h"
#include "storage/schema.h"
#include "util/case_fold.h"

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

// 11: each category's case-folded name (the key of its unique index), as the record service
// writes it.
util::Status FoldCategoryNames(Connection& connection) {
  CAIRN_ASSIGN_OR_RETURN(QueryResult rows, connection.Query("SELECT id, name FROM categories"));
  for (const auto& row : rows.rows) {
    const auto* name = std::get_if<std::string>(&row[1]);
    CAIRN_RETURN_IF_ERROR(connection.Execute("UPDATE categories SET name_folded = ? WHERE id = ?",
                                             {util::FoldCase(name ? *name : ""), row[0]}));
  }
  return connection.ExecuteScript(
      "CREATE UNIQUE INDEX categories_name_folded ON categories (name_folded);");
}

// 13: schema.sql's search section, then every trail and list moved into the FTS5 tables, as
// the 64th new record moves those created since the last move.
util::Status CreateSearchIndex(Connection& connection) {
  const std::string_view schema = kSchemaSql;
  const size_t begin = schema.find("-- search index: begin");
  const size_t end = schema.find("-- search index: end");
  if (begin == std::string_view::npos || end == std::string_view::npos || end < begin) {
    return util::Error::Internal("schema.sql has no search section");
  }
  CAIRN_RETURN_IF_ERROR(connection.ExecuteScript(std::string(schema.substr(begin, end - begin))));
  return connection.ExecuteScript(
      "INSERT INTO trails_search_flush VALUES (1); INSERT INTO lists_search_flush VALUES (1);");
}

// Every object of the search indexes of versions 10 to 12 (schema.sql's search section before
// version 13), for migrations 12 and 13 to drop.
constexpr const char* kDropSearchIndexes = R"sql(DROP TRIGGER IF EXISTS trails_search_insert;
DROP TRIGGER IF EXISTS trails_search_update;
DROP TRIGGER IF EXISTS trails_search_delete;
DROP TRIGGER IF EXISTS lists_search_insert;
DROP TRIGGER IF EXISTS lists_search_update;
DROP TRIGGER IF EXISTS lists_search_delete;
DROP TRIGGER IF EXISTS users_search_update;
DROP TRIGGER IF EXISTS users_search_delete;
DROP TRIGGER IF EXISTS categories_search_update;
DROP TRIGGER IF EXISTS categories_search_delete;
DROP TRIGGER IF EXISTS tags_search_update;
DROP TRIGGER IF EXISTS tags_search_delete;
DROP TRIGGER IF EXISTS trails_search_reindex_trail;
DROP TRIGGER IF EXISTS trails_search_flush_pending;
DROP TRIGGER IF EXISTS lists_search_reindex_list;
DROP TRIGGER IF EXISTS lists_search_flush_pending;
DROP VIEW IF EXISTS trails_search_reindex;
DROP VIEW IF EXISTS trails_search_flush;
DROP VIEW IF EXISTS trails_search_source;
DROP VIEW IF EXISTS lists_search_reindex;
DROP VIEW IF EXISTS lists_search_flush;
DROP VIEW IF EXISTS lists_search_source;
DROP TABLE IF EXISTS trails_search_pending;
DROP TABLE IF EXISTS lists_search_pending;
DROP TABLE IF EXISTS trails_search_terms;
DROP TABLE IF EXISTS trails_search;
DROP TABLE IF EXISTS lists_search_terms;
DROP TABLE IF EXISTS lists_search;
)sql";

}  // namespace

const std::vector<Migration>& Migrations() {
  // 12's index changes, then every search index object of versions 10 to 12 dropped.
  static const std::string migration_12 = R"sql(DROP INDEX trails_author;
CREATE INDEX trails_author_public ON trails (author, public);
DROP INDEX lists_author;
CREATE INDEX lists_author_public ON lists (author, public);
)sql" + std::string(kDropSearchIndexes);
  static const std::vector<Migration> kMigrations = [] {
    std::vector<Migration> all = {
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
        // 10: trails without a track by their start, for map areas. (It also made the first
        // full-text search index, which migration 12 drops: a file migrating now gets 13's only.)
        {10, R"sql(CREATE INDEX trails_trackless_start ON trails (lat, lon) WHERE polyline = '';
)sql"},
        // 11: categories with pictograms and case-folded names, their subcategories, trails'
        // subcategory, and each user's category and subcategory preferences (issue 16). The
        // pictograms' files are written at start (services/categories/seed_images.cpp).
        {11, R"sql(ALTER TABLE categories ADD COLUMN name_folded TEXT NOT NULL DEFAULT '';
ALTER TABLE trails ADD COLUMN subcategory TEXT NOT NULL DEFAULT '';
CREATE INDEX trails_subcategory ON trails (subcategory);
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
UPDATE categories SET img = lower(name) || '_pictogram1.png' WHERE img = '' AND id IN
  ('hikingcategory1', 'walkingcategory', 'climbingcategor', 'skiingcategory1', 'canoeingcategor',
   'bikingcategory1');
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
)sql",
         FoldCategoryNames},
        // 12: the first search index (migration 10) dropped, for migration 13 to build today's;
        // and authors' indexes that hold `public` too, for counting what a signed-in user sees.
        {12, migration_12.c_str(), nullptr},
        // 13: the search index as schema.sql's search section makes it today (new records read
        // from their rows until 64 move together, no pending row for them), filled from every row.
        // Files of version 12 drop version 12's index first; older ones come here without one.
        {13, kDropSearchIndexes, CreateSearchIndex},
        // 14: where the map lines' parts start (issue 17). A migration cannot read the stored
        // files: every trail with a track waits in trails_lines_pending for the server's first
        // start to read it again (services/tracks/line_breaks_backfill.h), NULL (one part) until
        // then.
        {14, R"sql(ALTER TABLE trails ADD COLUMN line_breaks TEXT;
CREATE TABLE trails_lines_pending (trail TEXT PRIMARY KEY NOT NULL);
INSERT INTO trails_lines_pending SELECT id FROM trails WHERE gpx != '';
)sql",
         nullptr},
        // 15: a trail's computed statistics beside the ones in effect, and which of those were
        // typed by hand (issue 17). Until now a track's figures were the figures: none is an
        // override, and trails without a track have nothing computed.
        {15, R"sql(ALTER TABLE trails ADD COLUMN computed_distance REAL;
ALTER TABLE trails ADD COLUMN computed_duration REAL;
ALTER TABLE trails ADD COLUMN computed_elevation_gain REAL;
ALTER TABLE trails ADD COLUMN computed_elevation_loss REAL;
ALTER TABLE trails ADD COLUMN computed_date TEXT NOT NULL DEFAULT '';
ALTER TABLE trails ADD COLUMN overrides TEXT NOT NULL DEFAULT '[]';
UPDATE trails SET computed_distance = distance, computed_duration = duration,
  computed_elevation_gain = elevation_gain, computed_elevation_loss = elevation_loss,
  computed_date = date
  WHERE gpx != '';
)sql"},
        // 16: where a trail's photos were taken ({file name: {lat, lon}}); NULL is none yet. The
        // index holds the trails whose photos' places are still to be read (at start,
        // services/files/photo_position_backfill.h): empty once done, so later starts read nothing.
        {16, R"sql(ALTER TABLE trails ADD COLUMN photo_positions TEXT;
CREATE INDEX trails_photos_unplaced ON trails (id)
  WHERE photo_positions IS NULL AND photos NOT IN ('', '[]');
)sql",
         nullptr},
        // 17: link shares of lists, as of trails (issue 17: acting on many trails).
        {17, R"sql(CREATE TABLE list_link_share (
  id          TEXT PRIMARY KEY NOT NULL,
  created     TEXT NOT NULL,
  updated     TEXT NOT NULL,
  list        TEXT NOT NULL,
  token       TEXT NOT NULL,
  permission  TEXT NOT NULL
);
CREATE UNIQUE INDEX list_link_share_token ON list_link_share (token);
CREATE INDEX list_link_share_list ON list_link_share (list);
)sql",
         nullptr},
    };
    for (const Migration& step : PeopleMigrations()) all.push_back(step);
    for (const Migration& step : FederationMigrations()) all.push_back(step);
    for (const Migration& step : ImportMigrations()) all.push_back(step);
    return all;
  }();
  return kMigrations;
}

int CurrentSchemaVersion() { return Migrations().back().to_version; }

}  // namespace cairn::storage
