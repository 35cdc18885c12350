// The plugins' and importers' schema steps: configured plugin instances, import runs and what
// each imported activity became.
#include "storage/migrations_imports.h"

namespace cairn::storage {

const std::vector<Migration>& ImportMigrations() {
  static const std::vector<Migration> kSteps = {
      // 26: plugin instances, import jobs and the activities they imported.
      {26, R"sql(
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
)sql",
       nullptr},
      // 27: online services: OAuth sign-ins under way and how far each connection synced; the
      // watched folders' files and their trails.
      {27, R"sql(
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
)sql",
       nullptr},
  };
  return kSteps;
}

}  // namespace cairn::storage
