// Forward migrations of data.db. A fresh file gets schema.sql instead; tests check that both
// paths end with the same schema.
#include <string>
#include <string_view>

#include "geo/simplify.h"
#include "storage/database.h"
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
      // 18: people (issue 19): likes and like_count, follows, notifications and the feed.
      {18, R"sql(-- One like per user and trail; trails.like_count counts them in the same statement (triggers).
CREATE TABLE trail_likes (
  id       TEXT PRIMARY KEY NOT NULL,
  created  TEXT NOT NULL,
  updated  TEXT NOT NULL,
  trail    TEXT NOT NULL,
  user     TEXT NOT NULL
);
CREATE UNIQUE INDEX trail_likes_trail_user ON trail_likes (trail, user);
CREATE INDEX trail_likes_user ON trail_likes (user);
ALTER TABLE trails ADD COLUMN like_count INTEGER NOT NULL DEFAULT 0;
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
-- The feed, written ahead for each reader (fan-out on write, so a page of GET /feed reads ten
-- index entries instead of merging the items of everyone followed): one entry per reader and
-- item of theirs or of someone they follow (accepted). Whether the reader may still see the item
-- is judged when the feed is read. Kept by the triggers below, from any writer.
CREATE TABLE feed_entries (
  viewer   TEXT NOT NULL,
  type     TEXT NOT NULL,  -- trail | list | summit_log
  item     TEXT NOT NULL,
  author   TEXT NOT NULL,
  created  TEXT NOT NULL,
  PRIMARY KEY (viewer, type, item)
) WITHOUT ROWID;
CREATE INDEX feed_entries_viewer_created ON feed_entries (viewer, created);
CREATE INDEX feed_entries_item ON feed_entries (type, item);
CREATE INDEX feed_entries_viewer_author ON feed_entries (viewer, author);
CREATE TRIGGER feed_trails_insert AFTER INSERT ON trails BEGIN
  INSERT OR IGNORE INTO feed_entries SELECT NEW.author, 'trail', NEW.id, NEW.author, NEW.created
    UNION ALL SELECT f.follower, 'trail', NEW.id, NEW.author, NEW.created FROM follows f
    WHERE f.followee = NEW.author AND f.status = 'accepted';
END;
CREATE TRIGGER feed_lists_insert AFTER INSERT ON lists BEGIN
  INSERT OR IGNORE INTO feed_entries SELECT NEW.author, 'list', NEW.id, NEW.author, NEW.created
    UNION ALL SELECT f.follower, 'list', NEW.id, NEW.author, NEW.created FROM follows f
    WHERE f.followee = NEW.author AND f.status = 'accepted';
END;
CREATE TRIGGER feed_summit_logs_insert AFTER INSERT ON summit_logs BEGIN
  INSERT OR IGNORE INTO feed_entries
    SELECT NEW.author, 'summit_log', NEW.id, NEW.author, NEW.created
    UNION ALL SELECT f.follower, 'summit_log', NEW.id, NEW.author, NEW.created FROM follows f
    WHERE f.followee = NEW.author AND f.status = 'accepted';
END;
CREATE TRIGGER feed_trails_delete AFTER DELETE ON trails BEGIN
  DELETE FROM feed_entries WHERE type = 'trail' AND item = OLD.id;
END;
CREATE TRIGGER feed_lists_delete AFTER DELETE ON lists BEGIN
  DELETE FROM feed_entries WHERE type = 'list' AND item = OLD.id;
END;
CREATE TRIGGER feed_summit_logs_delete AFTER DELETE ON summit_logs BEGIN
  DELETE FROM feed_entries WHERE type = 'summit_log' AND item = OLD.id;
END;
-- A follow that becomes accepted brings the followee's items into the follower's feed; one that
-- ends (or is no longer accepted) takes them out.
CREATE TRIGGER feed_follows_insert AFTER INSERT ON follows WHEN NEW.status = 'accepted' BEGIN
  INSERT OR IGNORE INTO feed_entries
    SELECT NEW.follower, 'trail', t.id, t.author, t.created FROM trails t WHERE t.author = NEW.followee
    UNION ALL SELECT NEW.follower, 'list', l.id, l.author, l.created FROM lists l
      WHERE l.author = NEW.followee
    UNION ALL SELECT NEW.follower, 'summit_log', s.id, s.author, s.created FROM summit_logs s
      WHERE s.author = NEW.followee;
END;
CREATE TRIGGER feed_follows_accept AFTER UPDATE OF status ON follows
WHEN NEW.status = 'accepted' AND OLD.status != 'accepted' BEGIN
  INSERT OR IGNORE INTO feed_entries
    SELECT NEW.follower, 'trail', t.id, t.author, t.created FROM trails t WHERE t.author = NEW.followee
    UNION ALL SELECT NEW.follower, 'list', l.id, l.author, l.created FROM lists l
      WHERE l.author = NEW.followee
    UNION ALL SELECT NEW.follower, 'summit_log', s.id, s.author, s.created FROM summit_logs s
      WHERE s.author = NEW.followee;
END;
CREATE TRIGGER feed_follows_unaccept AFTER UPDATE OF status ON follows
WHEN OLD.status = 'accepted' AND NEW.status != 'accepted' BEGIN
  DELETE FROM feed_entries WHERE viewer = OLD.follower AND author = OLD.followee;
END;
CREATE TRIGGER feed_follows_delete AFTER DELETE ON follows BEGIN
  DELETE FROM feed_entries WHERE viewer = OLD.follower AND author = OLD.followee;
END;
-- Everyone's own items start their feed.
INSERT INTO feed_entries SELECT author, 'trail', id, author, created FROM trails;
INSERT INTO feed_entries SELECT author, 'list', id, author, created FROM lists;
INSERT INTO feed_entries SELECT author, 'summit_log', id, author, created FROM summit_logs;
)sql",
       nullptr},
      // 19: statistics (issue 19): trails' highest point, and per-user activities and places
      // kept by triggers.
      {19, R"sql(-- The highest point of a trail's track in metres; NULL until its track is read again.
ALTER TABLE trails ADD COLUMN max_elevation REAL;
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
  -- The grid cells its trail's preview line passes through (cairn_line_cells), as counted into
  -- user_cells, so taking the activity out takes out exactly what it put in.
  cells            TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (user, item, day)
) WITHOUT ROWID;
CREATE INDEX user_activities_user_public_day ON user_activities (user, public, day);
CREATE INDEX user_activities_item ON user_activities (item);
-- The places each user has been: how many of their activities (and public ones) pass each cell.
CREATE TABLE user_cells (
  user               TEXT NOT NULL,
  cell               INTEGER NOT NULL,  -- geo/grid_cells.h
  activities         INTEGER NOT NULL DEFAULT 0,
  public_activities  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user, cell)
) WITHOUT ROWID;
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
CREATE TRIGGER user_activities_cells_insert AFTER INSERT ON user_activities BEGIN
  INSERT INTO user_cells (user, cell, activities, public_activities)
    SELECT NEW.user, j.value, 1, NEW.public FROM json_each(NEW.cells) j WHERE 1
    ON CONFLICT (user, cell) DO UPDATE SET activities = activities + 1,
      public_activities = public_activities + excluded.public_activities;
END;
CREATE TRIGGER user_activities_cells_delete AFTER DELETE ON user_activities BEGIN
  UPDATE user_cells SET activities = activities - 1,
    public_activities = public_activities - OLD.public
    WHERE user = OLD.user AND cell IN (SELECT value FROM json_each(OLD.cells));
  DELETE FROM user_cells WHERE user = OLD.user AND activities <= 0
    AND cell IN (SELECT value FROM json_each(OLD.cells));
END;
CREATE TRIGGER user_activities_trails_insert AFTER INSERT ON trails WHEN NEW.date != '' BEGIN
  INSERT INTO user_activities_refresh VALUES (NEW.author, NEW.id, substr(NEW.date, 1, 10));
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
-- Everyone's completed trails and summit logs so far.
INSERT INTO user_activities_refresh SELECT author, id, substr(date, 1, 10) FROM trails
  WHERE date != '' UNION SELECT author, CASE WHEN trail = '' THEN id ELSE trail END,
  substr(date, 1, 10) FROM summit_logs WHERE date != '';
)sql",
       nullptr},
      // 20: notifications written by triggers (issue 19).
      {20, R"sql(-- Notifications (migration 20, issue 19), written by triggers so that every writer makes them in
-- its own transaction. Each trigger inserts into notifications_new, which keeps the rules in one
-- place: never for one's own action, only for a local user, no row when the recipient turned the
-- type's in-app delivery off (settings.notifications.<type>.web = false; missing means on), and
-- mailed = '-' when its e-mail is off. Metadata keys follow wanderer's (trail_id, trail_name, ...);
-- what the recipient may no longer see is taken out when it is read (services/feed/).
CREATE VIEW notifications_new (recipient, author, type, metadata, created) AS
  SELECT NULL, NULL, NULL, NULL, NULL WHERE 0;
CREATE TRIGGER notifications_new_insert INSTEAD OF INSERT ON notifications_new
WHEN NEW.recipient IS NOT NEW.author AND EXISTS (SELECT 1 FROM users WHERE id = NEW.recipient)
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
)sql",
       nullptr},
  };
  return kMigrations;
}

int CurrentSchemaVersion() { return Migrations().back().to_version; }

}  // namespace cairn::storage
