// Flag parsing for the `cairn` command.
#include "app/config.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <map>
#include <sstream>

#include "app/dem_command.h"
#include "images/thumbnail.h"
#include "services/federation/federation_settings.h"
#include "web/tile_source.h"

namespace cairn::app {
namespace {

util::Status SetHttpAddress(const std::string& value, Config& config) {
  auto colon = value.rfind(':');
  if (colon == std::string::npos || colon == 0) {
    return util::Error::InvalidArgument("--http expects HOST:PORT, got \"" + value + "\"");
  }
  int port = 0;
  const std::string port_text = value.substr(colon + 1);
  auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (ec != std::errc() || end != port_text.data() + port_text.size() || port < 0 || port > 65535) {
    return util::Error::InvalidArgument("--http has an invalid port in \"" + value + "\"");
  }
  std::string host = value.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  config.http_host = host;
  config.http_port = port;
  return util::OkStatus();
}

// `text` as a whole number from `min` to `max`, or an error naming `flag`.
util::Result<int> BoundedInt(const std::string& flag, const std::string& text, int min, int max) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    return util::Error::InvalidArgument(flag + " expects a number from " + std::to_string(min) +
                                        " to " + std::to_string(max) + ", got \"" + text + "\"");
  }
  return value;
}

// "600x0,400x300t": each a size images::ParseThumbSize accepts.
util::Result<std::vector<std::string>> ThumbSizes(const std::string& text) {
  std::vector<std::string> sizes;
  std::stringstream list(text);
  for (std::string item; std::getline(list, item, ',');) {
    auto size = images::ParseThumbSize(item);
    if (!size) {
      return util::Error::InvalidArgument("--thumb-sizes: \"" + item +
                                          "\" is not a size such as 600x0, 0x300, 400x300, "
                                          "400x300t, 400x300b or 400x300f");
    }
    sizes.push_back(size->ToString());
  }
  if (sizes.size() > 20) return util::Error::InvalidArgument("--thumb-sizes: at most 20 sizes");
  return sizes;
}

// An admin command's words after `cairn NAME`: an action, its positional arguments, and options.
struct AdminCommand {
  std::string action;
  std::vector<std::string> args;
  std::map<std::string, std::string> options;  // flags and valued options given ("" for a flag)
};

// What one admin command (`cairn user`, `cairn category`) takes besides --dir and --yes.
struct AdminCommandSpec {
  std::string name;                                     // "user"
  std::vector<std::pair<std::string, size_t>> actions;  // each with its number of arguments
  std::vector<std::string> flags;                       // "--password-stdin"
  std::vector<std::string> valued;                      // "--image"
};

// Reads `cairn NAME ACTION [args] [--dir DIR|--dir=DIR] [--yes|-y] [own options]` into `config`
// (data dir, assume_yes) and the command; InvalidArgument naming what is wrong.
util::Result<AdminCommand> ParseAdminCommand(const std::vector<std::string>& args,
                                             const AdminCommandSpec& spec, Config& config) {
  if (args.size() < 2)
    return util::Error::InvalidArgument("cairn " + spec.name + " needs an action");
  AdminCommand command{.action = args[1]};
  auto expected = std::find_if(spec.actions.begin(), spec.actions.end(),
                               [&](const auto& action) { return action.first == command.action; });
  if (expected == spec.actions.end()) {
    std::string known;
    for (size_t i = 0; i < spec.actions.size(); ++i) {
      known += (i == 0 ? "" : i + 1 == spec.actions.size() ? " or " : ", ") + spec.actions[i].first;
    }
    return util::Error::InvalidArgument("unknown " + spec.name + " action \"" + command.action +
                                        "\" (" + known + ")");
  }
  const auto listed = [](const std::vector<std::string>& names, const std::string& arg) {
    return std::find(names.begin(), names.end(), arg) != names.end();
  };
  for (size_t i = 2; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--dir" || listed(spec.valued, arg)) {
      if (i + 1 >= args.size()) return util::Error::InvalidArgument(arg + " needs a value");
      (arg == "--dir" ? config.data_dir : command.options[arg]) = args[++i];
    } else if (arg.rfind("--dir=", 0) == 0) {
      config.data_dir = arg.substr(6);
    } else if (arg == "--yes" || arg == "-y") {
      config.assume_yes = true;
    } else if (listed(spec.flags, arg)) {
      command.options[arg] = "";
    } else if (arg.rfind("--", 0) == 0) {
      return util::Error::InvalidArgument("unknown option \"" + arg + "\"");
    } else {
      command.args.push_back(arg);
    }
  }
  if (command.args.size() != expected->second) {
    return util::Error::InvalidArgument("cairn " + spec.name + " " + command.action + " takes " +
                                        std::to_string(expected->second) + " argument(s)");
  }
  return command;
}

// `cairn user <add|passwd|delete|list> [args] [--dir DIR] [--password-stdin] [--yes]`.
util::Result<Config> ParseUserCommand(const std::vector<std::string>& args, Config config) {
  config.command = Command::kUser;
  const AdminCommandSpec spec{.name = "user",
                              .actions = {{"add", 2}, {"passwd", 1}, {"delete", 1}, {"list", 0}},
                              .flags = {"--password-stdin"}};
  CAIRN_ASSIGN_OR_RETURN(AdminCommand command, ParseAdminCommand(args, spec, config));
  config.user_action = command.action;
  config.user_args = std::move(command.args);
  config.password_stdin = command.options.count("--password-stdin") > 0;
  return config;
}

// `cairn category <add|rename|delete|list> [args] [--image FILE] [--dir DIR] [--yes]`.
util::Result<Config> ParseCategoryCommand(const std::vector<std::string>& args, Config config) {
  config.command = Command::kCategory;
  const AdminCommandSpec spec{.name = "category",
                              .actions = {{"add", 1}, {"rename", 2}, {"delete", 1}, {"list", 0}},
                              .valued = {"--image"}};
  CAIRN_ASSIGN_OR_RETURN(AdminCommand command, ParseAdminCommand(args, spec, config));
  if (auto image = command.options.find("--image"); image != command.options.end()) {
    // Only a new category takes an image.
    if (command.action != "add") return util::Error::InvalidArgument("unknown option \"--image\"");
    config.category_image = image->second;
  }
  config.category_action = command.action;
  config.category_args = std::move(command.args);
  return config;
}

// `cairn federation <block DOMAIN|unblock DOMAIN|blocks|status> [--dir DIR]`.
util::Result<Config> ParseFederationCommand(const std::vector<std::string>& args, Config config) {
  config.command = Command::kFederation;
  const AdminCommandSpec spec{
      .name = "federation",
      .actions = {{"block", 1}, {"unblock", 1}, {"blocks", 0}, {"status", 0}}};
  CAIRN_ASSIGN_OR_RETURN(AdminCommand command, ParseAdminCommand(args, spec, config));
  config.federation_action = command.action;
  config.federation_args = std::move(command.args);
  return config;
}

// `cairn import --user NAME [--dir DIR] [--max-track-mb N] [--plugin ID] PATH...`.
util::Result<Config> ParseImportCommand(const std::vector<std::string>& args, Config config) {
  config.command = Command::kImport;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&]() -> util::Result<std::string> {
      if (i + 1 >= args.size()) return util::Error::InvalidArgument(arg + " needs a value");
      return args[++i];
    };
    if (arg == "--dir") {
      CAIRN_ASSIGN_OR_RETURN(config.data_dir, value());
    } else if (arg == "--user") {
      CAIRN_ASSIGN_OR_RETURN(config.import_user, value());
    } else if (arg == "--plugin") {
      CAIRN_ASSIGN_OR_RETURN(config.import_plugin, value());
    } else if (arg == "--max-track-mb") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, value());
      CAIRN_ASSIGN_OR_RETURN(config.max_track_mb, BoundedInt(arg, v, 1, 4096));
    } else if (arg.rfind("--", 0) == 0) {
      return util::Error::InvalidArgument("unknown option \"" + arg + "\"");
    } else {
      config.import_paths.push_back(arg);
    }
  }
  if (config.import_user.empty()) return util::Error::InvalidArgument("cairn import needs --user");
  if (config.import_paths.empty()) {
    return util::Error::InvalidArgument("cairn import needs files or folders to import");
  }
  return config;
}

// `cairn doctor [--dir DIR] [--fix]`.
util::Result<Config> ParseDoctorCommand(const std::vector<std::string>& args, Config config) {
  config.command = Command::kDoctor;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--dir" && i + 1 < args.size()) {
      config.data_dir = args[++i];
    } else if (arg.rfind("--dir=", 0) == 0) {
      config.data_dir = arg.substr(6);
    } else if (arg == "--fix") {
      config.doctor_fix = true;
    } else if (arg == "--min-free-mb" && i + 1 < args.size()) {
      CAIRN_ASSIGN_OR_RETURN(config.min_free_mb, BoundedInt(arg, args[++i], 0, 1048576));
    } else {
      return util::Error::InvalidArgument("unknown option \"" + arg + "\" for cairn doctor");
    }
  }
  if (config.data_dir.empty()) return util::Error::InvalidArgument("--dir must not be empty");
  return config;
}

// `cairn backup [--dir DIR] [--to FILE] [--keep N]` or `cairn backup --verify FILE`.
util::Result<Config> ParseBackupCommand(const std::vector<std::string>& args, Config config) {
  config.command = Command::kBackup;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&]() -> util::Result<std::string> {
      if (i + 1 >= args.size() || args[i + 1].empty()) {
        return util::Error::InvalidArgument(arg + " needs a value");
      }
      return args[++i];
    };
    if (arg == "--dir") {
      CAIRN_ASSIGN_OR_RETURN(config.data_dir, value());
    } else if (arg == "--to") {
      CAIRN_ASSIGN_OR_RETURN(config.backup_to, value());
    } else if (arg == "--keep") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, value());
      CAIRN_ASSIGN_OR_RETURN(config.backup_keep, BoundedInt(arg, v, 1, 100000));
    } else if (arg == "--verify") {
      CAIRN_ASSIGN_OR_RETURN(config.backup_verify, value());
    } else {
      return util::Error::InvalidArgument("unknown option \"" + arg + "\" for cairn backup");
    }
  }
  if (!config.backup_verify.empty() && (!config.backup_to.empty() || config.backup_keep > 0)) {
    return util::Error::InvalidArgument("cairn backup --verify takes no --to or --keep");
  }
  return config;
}

// `cairn restore FILE --dir DIR [--force]`: --dir is required, a restore is not to land in
// whatever folder the environment or the default names.
util::Result<Config> ParseRestoreCommand(const std::vector<std::string>& args, Config config) {
  config.command = Command::kRestore;
  bool has_dir = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--dir") {
      if (i + 1 >= args.size() || args[i + 1].empty()) {
        return util::Error::InvalidArgument("--dir needs a value");
      }
      config.data_dir = args[++i];
      has_dir = true;
    } else if (arg == "--force") {
      config.restore_force = true;
    } else if (arg.rfind("--", 0) == 0) {
      return util::Error::InvalidArgument("unknown option \"" + arg + "\" for cairn restore");
    } else if (config.restore_archive.empty()) {
      config.restore_archive = arg;
    } else {
      return util::Error::InvalidArgument("cairn restore takes one archive");
    }
  }
  if (config.restore_archive.empty()) {
    return util::Error::InvalidArgument("cairn restore needs the archive to restore");
  }
  if (!has_dir) return util::Error::InvalidArgument("cairn restore needs --dir DATA_DIR");
  return config;
}

}  // namespace

std::string UsageText() {
  return "cairn - a self-hosted trail archive and sharing server\n"
         "\n"
         "Usage:\n"
         "  cairn serve [--http HOST:PORT] [--dir DATA_DIR] [options below]\n"
         "  cairn user add USERNAME EMAIL [--dir DATA_DIR] [--password-stdin]\n"
         "  cairn user passwd USERNAME|EMAIL [--dir DATA_DIR] [--password-stdin]\n"
         "  cairn user delete USERNAME|EMAIL [--dir DATA_DIR] [--yes]\n"
         "  cairn user list [--dir DATA_DIR]\n"
         "  cairn category add NAME [--image FILE] [--dir DATA_DIR]\n"
         "  cairn category rename ID|NAME NEW_NAME [--dir DATA_DIR]\n"
         "  cairn category delete ID|NAME [--dir DATA_DIR] [--yes]\n"
         "  cairn category list [--dir DATA_DIR]\n"
         "  cairn federation block|unblock DOMAIN [--dir DATA_DIR]   no exchange with DOMAIN\n"
         "  cairn federation blocks|status [--dir DATA_DIR]   the blocklist; deliveries waiting\n"
         "  cairn import --user USERNAME [--dir DATA_DIR] [--max-track-mb N] [--plugin ID]\n"
         "               FILE_OR_FOLDER_OR_EXPORT_ZIP...   GPS files, folders, export archives\n"
         "  cairn doctor [--dir DATA_DIR] [--fix] [--min-free-mb N]\n"
         "  cairn backup [--dir DATA_DIR] [--to FILE] [--keep N]\n"
         "  cairn backup --verify FILE\n"
         "  cairn restore FILE --dir DATA_DIR [--force]\n"
         "  cairn dem add FILE_OR_FOLDER... [--dir DATA_DIR]   terrain tiles (.hgt, .zip, .tif)\n"
         "  cairn dem list [--dir DATA_DIR]\n"
         "  cairn --version\n"
         "  cairn --help\n"
         "\n"
         "Options:\n"
         "  --http HOST:PORT  address to listen on (env CAIRN_HTTP, default 127.0.0.1:8090)\n"
         "  --dir DATA_DIR    data directory holding data.db and storage/ (env CAIRN_DIR,\n"
         "                    default ./cairn_data)\n"
         "  --threads N       HTTP worker threads (default 32)\n"
         "  --query-timeout S stop a read that runs longer than S seconds, answering 400\n"
         "                    (default 10; raise it on slow hardware with large archives)\n"
         "  --max-photo-mb N  largest photo accepted, in MB (default 20)\n"
         "  --max-avatar-mb N largest avatar accepted, in MB (default 5)\n"
         "  --max-track-mb N  largest GPS track file accepted, in MB (default 50)\n"
         "  --max-upload-mb N largest request, in MB: a form with several photos (default 100)\n"
         "  --thumb-sizes L   thumbnail sizes made on request besides 100x100, comma-separated\n"
         "                    (default 600x0; forms WxH, WxHt, WxHb, WxHf, Wx0, 0xH)\n"
         "  --min-free-mb N   warn at start, and /api/health says storage \"low\", when the\n"
         "                    data dir's filesystem has less than N MB free (default 100)\n"
         "  --disable-signup  only the admin creates accounts (cairn user add)\n"
         "  --private         anonymous visitors see nothing but login, sign-up and health\n"
         "  --behind-proxy    trust X-Forwarded-For/-Proto/-Host from a reverse proxy\n"
         "  --public-url URL  the address people use, e.g. https://trails.example.org\n"
         "  --federation on|off|auto  ActivityPub with other servers (default auto: on when\n"
         "                    --public-url is https://)\n"
         "  --federation-allow-private  let federation reach loopback and private addresses\n"
         "                    (tests, a LAN); otherwise only public ones\n"
         "  --plugin-allow-private  let plugins (sending trails, online services) reach\n"
         "                    loopback and private addresses (tests, a LAN)\n"
         "  --plugins-dir DIR external plugins, one folder each (default DATA_DIR/plugins)\n"
         "  --watch-dir DIR   watched folders, one per person with the folder plugin on\n"
         "                    (default DATA_DIR/watch)\n"
         "  --watch-settle-ms N  how long a closed file must stay unchanged before it is read\n"
         "                    (default 2000)\n"
         "  --strava-url URL  Strava's address (default https://www.strava.com)\n"
         "  --sync-interval-seconds N  how often connected services (Strava) are synced\n"
         "                    (default 3600; 0: only when asked)\n"
         "  --smtp-url URL    mail server for reset mail (env CAIRN_SMTP_URL); without it reset\n"
         "                    codes go to the log. smtps://user:password@host[:port] is TLS\n"
         "                    from the start (port 465); smtp://[user:password@]host[:port]\n"
         "                    (port 25, or 587) upgrades with STARTTLS when offered.\n"
         "                    ?from=address sets the sender, &tls=required is the same\n"
         "                    as --smtp-require-tls; e.g.\n"
         "                    smtps://user:pass@mail.example.org:465?from=cairn@example.org\n"
         "  --smtp-require-tls  refuse to send unless smtp:// upgrades with STARTTLS (a\n"
         "                    password is only ever sent over TLS, or to this machine)\n"
         "  --smtp-ca FILE    also trust the certificates in FILE (PEM), e.g. a self-signed\n"
         "                    mail server's; certificates are always verified\n"
         "  --routing-url URL a Valhalla server for route planning (env CAIRN_ROUTING_URL),\n"
         "                    e.g. http://valhalla.lan:8002: POST /api/v1/valhalla/route\n"
         "                    forwards to URL/route for signed-in users; without it, off\n"
         "  --routing-timeout-seconds S  longest wait for the routing server (default 15)\n"
         "  --routing-ca FILE also trust the certificates in FILE (PEM) for an https routing\n"
         "                    server; certificates are always verified\n"
         "  --elevation-url URL  a Valhalla server asked for the heights the terrain model\n"
         "                    lacks (env CAIRN_ELEVATION_URL)\n"
         "  --tiles URL       map tile URL template with {z}, {x}, {y} (and {s}), or none\n"
         "                    (default https://tile.openstreetmap.org/{z}/{x}/{y}.png)\n"
         "  --tiles-attribution HTML  credit shown on the map (default: OpenStreetMap's)\n"
         "  --tiles-file FILE a PMTiles v3 archive (vector or raster) drawn as the map, read by\n"
         "                    the browser from this server: no tile server needed; wins\n"
         "                    over --tiles (its credit is --tiles-attribution). Without\n"
         "                    tiles, or where they fail, maps show a Natural Earth outline\n"
         "  --web-dir DIR     development: serve the web app from DIR (web/), re-read on\n"
         "                    every request, instead of the copy built into the binary\n"
         "  --metrics         serve GET /metrics (Prometheus text format) on the same\n"
         "                    address: requests by route and status, durations, sizes of\n"
         "                    the database and storage/, age of the newest backup\n"
         "  --log-format F    text (default) or json: one JSON object per line (time, level,\n"
         "                    msg; method, route, status, ms for requests) for journald\n"
         "\n"
         "Backup and restore (run while the server runs; docs/BACKUP.md):\n"
         "  --to FILE         the archive to write (default DATA_DIR/backups/\n"
         "                    cairn-backup-YYYYMMDD-HHMMSS.tar, the time in UTC)\n"
         "  --keep N          after a good backup, delete all but the newest N backups in\n"
         "                    the archive's folder (only files named cairn-backup-*.tar)\n"
         "  --verify FILE     check an archive: structure, manifest, every checksum, and\n"
         "                    the database's integrity\n"
         "  --force           restore over a non-empty DATA_DIR: the old one is moved aside\n"
         "                    and removed once the restored one is in place\n"
         "  Exit status of backup and restore: 0 done (--verify: the archive is sound);\n"
         "  1 failed, damaged archive, or refused (a server holds DATA_DIR, DATA_DIR is not\n"
         "  empty, another backup runs); 2 bad command line.\n";
}

util::Result<Config> ParseConfig(const std::vector<std::string>& args) {
  Config config;
  if (const char* http = std::getenv("CAIRN_HTTP"); http && *http) {
    CAIRN_RETURN_IF_ERROR(SetHttpAddress(http, config));
  }
  if (const char* dir = std::getenv("CAIRN_DIR"); dir && *dir) config.data_dir = dir;
  if (const char* smtp = std::getenv("CAIRN_SMTP_URL"); smtp && *smtp) config.smtp_url = smtp;
  if (const char* url = std::getenv("CAIRN_ROUTING_URL"); url && *url) config.routing_url = url;
  if (const char* url = std::getenv("CAIRN_ELEVATION_URL"); url && *url) config.elevation_url = url;
  if (args.empty()) return config;  // kHelp

  size_t i = 0;
  const std::string& first = args[0];
  if (first == "--version" || first == "version") {
    config.command = Command::kVersion;
    return config;
  }
  if (first == "--help" || first == "-h" || first == "help") {
    config.command = Command::kHelp;
    return config;
  }
  if (first == "user") return ParseUserCommand(args, std::move(config));
  if (first == "import") return ParseImportCommand(args, std::move(config));
  if (first == "category") return ParseCategoryCommand(args, std::move(config));
  if (first == "doctor") return ParseDoctorCommand(args, std::move(config));
  if (first == "backup") return ParseBackupCommand(args, std::move(config));
  if (first == "restore") return ParseRestoreCommand(args, std::move(config));
  if (first == "dem") return ParseDemCommand(args, std::move(config));
  if (first == "federation") return ParseFederationCommand(args, std::move(config));
  if (first != "serve") {
    return util::Error::InvalidArgument("unknown command \"" + first + "\"");
  }
  config.command = Command::kServe;
  for (i = 1; i < args.size(); ++i) {
    std::string flag = args[i];
    std::string value;
    bool has_value = false;
    if (auto eq = flag.find('='); eq != std::string::npos && flag.rfind("--", 0) == 0) {
      value = flag.substr(eq + 1);
      flag = flag.substr(0, eq);
      has_value = true;
    }
    auto next = [&]() -> util::Result<std::string> {
      if (has_value) return value;
      if (i + 1 >= args.size()) return util::Error::InvalidArgument(flag + " needs a value");
      return args[++i];
    };
    if (flag == "--http") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_RETURN_IF_ERROR(SetHttpAddress(v, config));
    } else if (flag == "--dir") {
      CAIRN_ASSIGN_OR_RETURN(config.data_dir, next());
      if (config.data_dir.empty()) return util::Error::InvalidArgument("--dir must not be empty");
    } else if (flag == "--threads") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.http_threads, BoundedInt(flag, v, 1, 1024));
    } else if (flag == "--query-timeout") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.query_timeout_seconds, BoundedInt(flag, v, 1, 3600));
    } else if (flag == "--max-upload-mb") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.max_upload_mb, BoundedInt(flag, v, 1, 4096));
    } else if (flag == "--max-photo-mb") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.max_photo_mb, BoundedInt(flag, v, 1, 4096));
    } else if (flag == "--max-avatar-mb") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.max_avatar_mb, BoundedInt(flag, v, 1, 4096));
    } else if (flag == "--max-track-mb") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.max_track_mb, BoundedInt(flag, v, 1, 4096));
    } else if (flag == "--min-free-mb") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.min_free_mb, BoundedInt(flag, v, 0, 1048576));
    } else if (flag == "--thumb-sizes") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.thumb_sizes, ThumbSizes(v));
    } else if (flag == "--disable-signup" && !has_value) {
      config.signup_enabled = false;
    } else if (flag == "--private" && !has_value) {
      config.private_instance = true;
    } else if (flag == "--behind-proxy" && !has_value) {
      config.behind_proxy = true;
    } else if (flag == "--public-url") {
      CAIRN_ASSIGN_OR_RETURN(config.public_url, next());
      if (config.public_url.rfind("http://", 0) != 0 &&
          config.public_url.rfind("https://", 0) != 0) {
        return util::Error::InvalidArgument("--public-url must start with http:// or https://");
      }
    } else if (flag == "--federation") {
      CAIRN_ASSIGN_OR_RETURN(config.federation, next());
      if (auto mode = services::ParseFederationMode(config.federation); !mode.ok()) {
        return mode.error();
      }
    } else if (flag == "--federation-allow-private" && !has_value) {
      config.federation_allow_private = true;
    } else if (flag == "--plugin-allow-private" && !has_value) {
      config.plugin_allow_private = true;
    } else if (flag == "--plugins-dir") {
      CAIRN_ASSIGN_OR_RETURN(config.plugins_dir, next());
    } else if (flag == "--watch-dir") {
      CAIRN_ASSIGN_OR_RETURN(config.watch_dir, next());
    } else if (flag == "--strava-url") {
      CAIRN_ASSIGN_OR_RETURN(config.strava_url, next());
      if (!config.strava_url.starts_with("http://") && !config.strava_url.starts_with("https://")) {
        return util::Error::InvalidArgument("--strava-url must start with http:// or https://");
      }
    } else if (flag == "--sync-interval-seconds") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.sync_interval_seconds, BoundedInt(flag, v, 0, 7 * 24 * 3600));
    } else if (flag == "--watch-settle-ms") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.watch_settle_ms, BoundedInt(flag, v, 50, 600000));
    } else if (flag == "--smtp-url") {
      CAIRN_ASSIGN_OR_RETURN(config.smtp_url, next());
    } else if (flag == "--smtp-require-tls" && !has_value) {
      config.smtp_require_tls = true;
    } else if (flag == "--smtp-ca") {
      CAIRN_ASSIGN_OR_RETURN(config.smtp_ca_file, next());
      if (config.smtp_ca_file.empty()) {
        return util::Error::InvalidArgument("--smtp-ca needs the path of a PEM certificate file");
      }
    } else if (flag == "--routing-url") {
      CAIRN_ASSIGN_OR_RETURN(config.routing_url, next());
    } else if (flag == "--routing-timeout-seconds") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.routing_timeout_seconds, BoundedInt(flag, v, 1, 300));
    } else if (flag == "--routing-ca") {
      CAIRN_ASSIGN_OR_RETURN(config.routing_ca_file, next());
      if (config.routing_ca_file.empty()) {
        return util::Error::InvalidArgument(
            "--routing-ca needs the path of a PEM certificate file");
      }
    } else if (flag == "--elevation-url") {
      CAIRN_ASSIGN_OR_RETURN(config.elevation_url, next());
    } else if (flag == "--mail-digest-seconds") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.mail_digest_seconds, BoundedInt(flag, v, 1, 7 * 24 * 3600));
    } else if (flag == "--web-dir") {
      CAIRN_ASSIGN_OR_RETURN(config.web_dir, next());
      if (config.web_dir.empty())
        return util::Error::InvalidArgument("--web-dir must not be empty");
    } else if (flag == "--tiles") {
      CAIRN_ASSIGN_OR_RETURN(config.tiles, next());
      if (auto tiles = web::ParseTileTemplate(config.tiles); !tiles.ok()) {
        return util::Error::InvalidArgument("--tiles " + tiles.error().message);
      }
    } else if (flag == "--tiles-file") {
      CAIRN_ASSIGN_OR_RETURN(config.tiles_file, next());
      if (config.tiles_file.empty()) {
        return util::Error::InvalidArgument("--tiles-file needs the path of a .pmtiles file");
      }
    } else if (flag == "--tiles-attribution") {
      CAIRN_ASSIGN_OR_RETURN(config.tiles_attribution, next());
    } else if (flag == "--metrics" && !has_value) {
      config.metrics = true;
    } else if (flag == "--log-format") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      if (v != "text" && v != "json") {
        return util::Error::InvalidArgument("--log-format expects text or json, got \"" + v + "\"");
      }
      config.log_format = v == "json" ? util::LogFormat::kJson : util::LogFormat::kText;
    } else if (flag == "--help" || flag == "-h") {
      config.command = Command::kHelp;
      return config;
    } else {
      return util::Error::InvalidArgument("unknown option \"" + flag + "\"");
    }
  }
  return config;
}

}  // namespace cairn::app
