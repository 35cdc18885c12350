// Command line and environment -> Config.
#pragma once

#include <string>
#include <vector>

#include "util/log.h"
#include "util/result.h"
#include "web/tile_source.h"

namespace cairn::app {

enum class Command {
  kServe,
  kUser,
  kImport,
  kDoctor,
  kCategory,
  kBackup,
  kRestore,
  kDem,
  kFederation,
  kVersion,
  kHelp
};

struct Config {
  Command command = Command::kHelp;
  std::string http_host = "127.0.0.1";
  int http_port = 8090;
  std::string data_dir = "./cairn_data";
  int http_threads = 32;
  int db_readers = 4;
  int query_timeout_seconds = 10;  // a read running longer is stopped with a 400
  // Upload limits in MB (413 above them): per file by field, and per request (a form with several
  // photos). The request limit is raised to the largest field limit when it is below it.
  int max_photo_mb = 20;
  int max_avatar_mb = 5;
  int max_track_mb = 50;
  int max_upload_mb = 100;
  // Free space on the data dir's filesystem below which start-up and `cairn doctor` warn and
  // /api/health says "low" (--min-free-mb).
  int min_free_mb = 100;
  // Thumbnail sizes made on request besides 100x100 (PocketBase forms: 600x0, 400x300t, ...).
  std::vector<std::string> thumb_sizes = {"600x0"};
  bool signup_enabled = true;     // --disable-signup
  bool private_instance = false;  // --private
  bool behind_proxy = false;      // --behind-proxy
  std::string public_url;         // --public-url
  // ActivityPub (--federation on|off|auto, default auto: on with an https --public-url), and
  // whether remote servers on private addresses may be reached (--federation-allow-private).
  std::string federation = "auto";
  bool federation_allow_private = false;
  // Whether plugins may reach servers on loopback and private addresses (--plugin-allow-private:
  // tests, a LAN): the server a trail is sent to, an online service's API.
  bool plugin_allow_private = false;
  // Watched folders (the "folder" plugin): one per person below this (--watch-dir; default
  // DATA_DIR/watch), a file read once unchanged this long after its writer closed it.
  std::string watch_dir;
  // External plugins, one folder each (--plugins-dir; default DATA_DIR/plugins; docs/PLUGINS.md).
  std::string plugins_dir;
  int watch_settle_ms = 2000;
  // Strava's site and API (--strava-url; a stand-in for tests): BASE/oauth/... and
  // BASE/api/v3/...; and how often connected services are synced (--sync-interval-seconds; 0:
  // only on request).
  std::string strava_url = "https://www.strava.com";
  int sync_interval_seconds = 3600;
  std::string smtp_url;           // --smtp-url (env CAIRN_SMTP_URL, which keeps it off `ps`)
  bool smtp_require_tls = false;  // --smtp-require-tls: smtp:// must upgrade with STARTTLS
  std::string smtp_ca_file;       // --smtp-ca: extra trusted certificates (PEM) for the server
  // The Valhalla server POST /valhalla/route forwards to (--routing-url, env CAIRN_ROUTING_URL):
  // http:// or https://, checked at start; empty: routing is off (a 503 that says so).
  std::string routing_url;
  int routing_timeout_seconds = 15;  // --routing-timeout-seconds: the whole exchange
  std::string routing_ca_file;       // --routing-ca: extra trusted certificates (PEM)
  // A Valhalla server asked for heights the terrain model lacks (--elevation-url, env
  // CAIRN_ELEVATION_URL); checked at start like --routing-url.
  std::string elevation_url;
  // At most one notification digest per user per this many seconds (--mail-digest-seconds, not
  // in --help: for tests, which cannot wait an hour).
  int mail_digest_seconds = 3600;
  // The web app: served from this folder instead of the embedded copy (--web-dir, development).
  std::string web_dir;
  // Map tiles: a checked URL template or "none" (--tiles), and its HTML attribution.
  std::string tiles{web::kDefaultTileTemplate};
  std::string tiles_attribution{web::kDefaultTileAttribution};
  // A PMTiles archive served to the browser instead of `tiles` (--tiles-file); checked at start.
  std::string tiles_file;
  // Observability: GET /metrics in Prometheus' text format on the same listener (--metrics), and
  // the log lines as text or one JSON object each (--log-format).
  bool metrics = false;
  util::LogFormat log_format = util::LogFormat::kText;
  // `cairn user <action> [args]`: the admin's account management.
  std::string user_action;             // add, passwd, delete, list
  std::vector<std::string> user_args;  // positional arguments after the action
  bool password_stdin = false;         // --password-stdin: read the password as one line
  bool assume_yes = false;             // --yes: no confirmation for delete
  // `cairn category <action> [args] [--image FILE]`: the admin's categories.
  std::string category_action;             // add, rename, delete, list
  std::vector<std::string> category_args;  // positional arguments after the action
  std::string category_image;              // add --image FILE
  // `cairn federation <block|unblock|blocks|status> [DOMAIN]`: the domain blocklist and the
  // delivery queue.
  std::string federation_action;
  std::vector<std::string> federation_args;
  // `cairn import --user NAME PATH...`: bulk import of GPS files.
  std::string import_user;
  std::vector<std::string> import_paths;
  // The plugin that reads the .zip export archives named (strava, komoot, wanderer, gps-files);
  // empty: told from each archive (a Strava export by its activities.csv, else its GPS files).
  std::string import_plugin;
  // `cairn doctor [--fix]`: storage consistency check.
  bool doctor_fix = false;
  // `cairn backup [--to FILE] [--keep N]`, `cairn backup --verify FILE` and
  // `cairn restore FILE [--force]` (app/backup_command.h).
  std::string backup_to;        // --to: the archive to write; empty for DIR/backups/<dated name>
  int backup_keep = 0;          // --keep: backups kept in the archive's folder; 0 keeps all
  std::string backup_verify;    // --verify: the archive to check instead of backing up
  std::string restore_archive;  // restore's FILE
  bool restore_force = false;   // --force: replace a non-empty data dir
  // `cairn dem add FILE_OR_FOLDER...` and `cairn dem list` (app/dem_command.h).
  std::string dem_action;              // add, list
  std::vector<std::string> dem_paths;  // add's files and folders
};

// Parses `args` (without the program name). Flags win over the environment variables
// CAIRN_HTTP, CAIRN_DIR, CAIRN_SMTP_URL, CAIRN_ROUTING_URL and CAIRN_ELEVATION_URL, which win
// over the defaults. Errors name the bad argument.
util::Result<Config> ParseConfig(const std::vector<std::string>& args);

// The text printed by `cairn --help`.
std::string UsageText();

}  // namespace cairn::app
