// Forward migrations 18 and up of data.db (see migrations.cpp).
#include "storage/migrations_people.h"

namespace cairn::storage {

const std::vector<Migration>& PeopleMigrations() {
  static const std::vector<Migration> kSteps = {
      // 18: people (issue 19): likes and like_count, follows, notifications and the feed.
      {18,
       R"sql(-- One like per user and trail; trails.like_count counts them in the same statement (triggers).
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
      {19,
       R"sql(-- The highest point of a trail's track in metres; NULL until its track is read again.
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
      {20,
       R"sql(-- Notifications (migration 20, issue 19), written by triggers so that every writer makes them in
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
      // 21: the feed is read from the items' own tables (newest first along `created`), not
      // written ahead per reader: at 200 follows per user every trail wrote 200 rows. A new
      // trail's activity is written directly, user_activities is keyed by item first (no index
      // of its own for that) and places are gathered from the activities' cells when read
      // (user_cells gone): each B-tree a create touches is a page more written per create.
      // An account that turns public accepts its pending follow requests.
      {21, R"sql(DROP TRIGGER IF EXISTS feed_trails_insert;
DROP TRIGGER IF EXISTS feed_lists_insert;
DROP TRIGGER IF EXISTS feed_summit_logs_insert;
DROP TRIGGER IF EXISTS feed_trails_delete;
DROP TRIGGER IF EXISTS feed_lists_delete;
DROP TRIGGER IF EXISTS feed_summit_logs_delete;
DROP TRIGGER IF EXISTS feed_follows_insert;
DROP TRIGGER IF EXISTS feed_follows_accept;
DROP TRIGGER IF EXISTS feed_follows_unaccept;
DROP TRIGGER IF EXISTS feed_follows_delete;
DROP TABLE IF EXISTS feed_entries;
CREATE INDEX lists_created ON lists (created);
CREATE INDEX summit_logs_created ON summit_logs (created);
CREATE TEMP TABLE user_activities_copy AS SELECT * FROM user_activities;
DROP TABLE user_activities;
DROP TABLE user_cells;
CREATE TABLE user_activities (
  user             TEXT NOT NULL,
  item             TEXT NOT NULL,
  day              TEXT NOT NULL,
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
  cells            TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (item, user, day)
) WITHOUT ROWID;
CREATE INDEX user_activities_user_public_day ON user_activities (user, public, day);
INSERT INTO user_activities SELECT * FROM temp.user_activities_copy;
-- Trails stored before schema 19 have no highest point yet: their tracks are read again at the
-- server's start (services/tracks/line_breaks_backfill.h).
INSERT OR IGNORE INTO trails_lines_pending SELECT id FROM trails
  WHERE gpx != '' AND max_elevation IS NULL;
DROP TABLE temp.user_activities_copy;
DROP TRIGGER user_activities_trails_insert;
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
-- An account that turns public has no one left to answer: its pending requests are accepted, as
-- a follow of a public account is at once.
CREATE TRIGGER users_public_accepts_pending AFTER UPDATE OF private ON users
WHEN OLD.private = 1 AND NEW.private = 0 BEGIN
  UPDATE follows SET status = 'accepted', updated = strftime('%Y-%m-%d %H:%M:%fZ', 'now')
    WHERE followee = NEW.id AND status = 'pending';
END;
)sql",
       nullptr},
      // 22: a trail's figures may come from the terrain model instead of the file's altitudes
      // (services/tracks/terrain_elevation.h): where they come from, the lowest point beside the
      // highest, and each person's choice for uploads. Trails with a track were computed from
      // their files; their lowest point is known once their track is uploaded again or the
      // terrain's heights are applied.
      {22, R"sql(ALTER TABLE trails ADD COLUMN min_elevation REAL;
ALTER TABLE trails ADD COLUMN elevation_source TEXT NOT NULL DEFAULT '';
UPDATE trails SET elevation_source = 'device' WHERE gpx != '';
ALTER TABLE settings ADD COLUMN terrain_elevation TEXT NOT NULL DEFAULT '';
)sql",
       nullptr},
  };
  return kSteps;
}

}  // namespace cairn::storage
