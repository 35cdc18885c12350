// Federation's schema steps: what a data dir of an older Cairn gains to speak ActivityPub.
#include "storage/migrations_federation.h"

namespace cairn::storage {

const std::vector<Migration>& FederationMigrations() {
  static const std::vector<Migration> kSteps = {
      // 23: each local person's ActivityPub key pair (services/federation/actor_keys.h), made
      // when first needed, so nothing is generated for existing people until then; and each
      // person's choice to keep out of federation (settings.federation 'off').
      {23, R"sql(CREATE TABLE ap_keys (
  user         TEXT PRIMARY KEY NOT NULL,
  created      TEXT NOT NULL,
  public_pem   TEXT NOT NULL,
  private_pem  TEXT NOT NULL
);
CREATE TRIGGER users_delete_ap_keys AFTER DELETE ON users BEGIN
  DELETE FROM ap_keys WHERE user = OLD.id;
END;
ALTER TABLE settings ADD COLUMN federation TEXT NOT NULL DEFAULT '';
)sql",
       nullptr},
      // 24: the exchange: remote people, their actors, what their activities became here, the
      // events to send and the delivery queue (docs/FEDERATION.md).
      {24, R"sql(ALTER TABLE users ADD COLUMN remote_actor TEXT NOT NULL DEFAULT '';
-- Notifications are for the people of this server only (remote people have no inbox here).
DROP TRIGGER notifications_new_insert;
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
  actor     TEXT NOT NULL
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
)sql",
       nullptr},
      // 25: kept copies of remote trails: what each was when last read (its GPS file's and
      // photos' addresses), so files are downloaded again only when they changed; a deleted
      // copy forgets its remote object, so the object can be kept again; a deleted account is
      // told to other servers (ap_departed); a public trail shared with someone elsewhere is
      // announced to them.
      {25, R"sql(ALTER TABLE ap_objects ADD COLUMN version TEXT NOT NULL DEFAULT '';
CREATE TRIGGER ap_objects_trails_delete AFTER DELETE ON trails BEGIN
  DELETE FROM ap_objects WHERE local_id = OLD.id AND family = 'trails';
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
)sql",
       nullptr},
  };
  return kSteps;
}

}  // namespace cairn::storage
