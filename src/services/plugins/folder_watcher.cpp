// inotify over the people's folders, a settle timer per file, and the import of what settled.
#include "services/plugins/folder_watcher.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "services/imports/export_archive.h"
#include "services/plugins/external_plugin.h"
#include "util/clock.h"
#include "util/log.h"
#include "util/sha256.h"
#include "util/timestamp.h"

namespace cairn::services::plugins {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using records::Json;

constexpr uint32_t kFolderEvents =
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MODIFY | IN_CREATE | IN_DELETE_SELF | IN_MOVE_SELF;
constexpr size_t kMaxWatches = 2000;
constexpr int kMaxDepth = 4;
constexpr size_t kMaxProblemsKept = 200;

// Sync tools write under a temporary name and rename when done; editors leave backups.
bool IsTemporary(const std::string& path) {
  const std::string base = fs::path(path).filename().string();
  return base.empty() || base[0] == '.' || base.back() == '~';
}

std::string StampOf(const std::string& path) {
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec) return "";
  const auto time = fs::last_write_time(path, ec);
  if (ec) return "";
  return std::to_string(size) + ":" + std::to_string(time.time_since_epoch().count());
}

}  // namespace

FolderWatcher::FolderWatcher(storage::Database& database, imports::ActivityImporter& importer,
                             PluginInstances& instances, FolderWatcherOptions options)
    : database_(database),
      importer_(importer),
      instances_(instances),
      options_(std::move(options)) {}

FolderWatcher::~FolderWatcher() { Stop(); }

util::Status FolderWatcher::Start() {
  std::error_code ec;
  fs::create_directories(options_.root, ec);
  if (ec) return util::Error::Internal("cannot create " + options_.root + ": " + ec.message());
  inotify_fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  stop_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (inotify_fd_ < 0 || stop_fd_ < 0) {
    return util::Error::Internal("cannot watch " + options_.root + " (inotify)");
  }
  thread_ = std::thread([this] { Loop(); });
  return util::OkStatus();
}

void FolderWatcher::Stop() {
  if (thread_.joinable()) {
    const uint64_t one = 1;
    (void)!::write(stop_fd_, &one, sizeof one);
    thread_.join();
  }
  if (inotify_fd_ >= 0) ::close(inotify_fd_);
  if (stop_fd_ >= 0) ::close(stop_fd_);
  inotify_fd_ = stop_fd_ = -1;
}

void FolderWatcher::Loop() {
  auto next_scan = Clock::now();
  alignas(inotify_event) char buffer[64 * 1024];
  while (true) {
    if (Clock::now() >= next_scan) {
      Rescan();
      next_scan = Clock::now() + options_.rescan;
    }
    pollfd fds[2] = {{inotify_fd_, POLLIN, 0}, {stop_fd_, POLLIN, 0}};
    const int timeout = static_cast<int>(std::min<int64_t>(200, options_.settle.count()));
    if (::poll(fds, 2, timeout) < 0 && errno != EINTR) break;
    if (fds[1].revents & POLLIN) break;
    if (fds[0].revents & POLLIN) {
      ssize_t length;
      while ((length = ::read(inotify_fd_, buffer, sizeof buffer)) > 0) {
        for (char* p = buffer; p < buffer + length;) {
          const auto* event = reinterpret_cast<const inotify_event*>(p);
          p += sizeof(inotify_event) + event->len;
          if (event->mask & IN_Q_OVERFLOW) {
            next_scan = Clock::now();
            continue;
          }
          auto watch = watches_.find(event->wd);
          if (watch == watches_.end() || event->len == 0) continue;
          const auto& [folder, user] = watch->second;
          const std::string path = folder + "/" + event->name;
          if (event->mask & IN_ISDIR) {
            if (event->mask & (IN_CREATE | IN_MOVED_TO)) AddWatches(path, user, 1);
            continue;
          }
          if (!IsCandidate(path)) continue;
          // Written to: wait for its close. Closed or moved in: settle, then read.
          const bool complete = (event->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) != 0;
          if (complete) {
            pending_[path] = {user, Clock::now()};
          } else {
            pending_.erase(path);
          }
        }
      }
    }
    ImportSettled();
  }
}

void FolderWatcher::Rescan() {
  auto rows = database_.Read<storage::QueryResult>([](storage::Connection& c) {
    return c.Query(
        "SELECT p.id, p.user, u.username FROM plugin_instances p JOIN users u ON u.id = p.user "
        "WHERE p.plugin_id = 'folder' AND p.enabled = 1 AND u.remote_actor = '' ORDER BY "
        "p.created");
  });
  if (!rows.ok()) {
    util::LogWarning("watched folders: " + rows.error().message);
    return;
  }
  std::map<std::string, std::string> wanted;  // user -> instance
  std::map<std::string, std::string> names;   // user -> username
  for (const auto& row : rows->rows) {
    const std::string user = storage::AsText(row[1]);
    if (wanted.count(user) != 0) continue;  // one folder a person, however many instances
    wanted[user] = storage::AsText(row[0]);
    names[user] = storage::AsText(row[2]);
  }
  if (wanted != folders_) {
    for (const auto& [descriptor, folder] : watches_) ::inotify_rm_watch(inotify_fd_, descriptor);
    watches_.clear();
    pending_.clear();
    for (const auto& [user, instance] : wanted) {
      const std::string& name = names[user];
      if (name.empty() || name[0] == '.' || name.find('/') != std::string::npos) continue;
      const std::string folder = options_.root + "/" + name;
      std::error_code ec;
      fs::create_directories(folder, ec);
      if (ec) {
        (void)instances_.RecordOutcome(instance, "error",
                                       "Cannot create " + folder + ": " + ec.message(), false);
        continue;
      }
      AddWatches(folder, user, 0);
      if (folders_.count(user) == 0) {
        (void)instances_.RecordOutcome(instance, "configured",
                                       "Watching " + folder + " for GPS files.", false);
      }
    }
    for (const auto& [user, instance] : folders_) {
      if (wanted.count(user) != 0) continue;
      // No longer watched: its tally is over.
      (void)database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
        CAIRN_RETURN_IF_ERROR(
            c.Execute("UPDATE import_jobs SET status = 'done' WHERE id = ? AND status = 'watching'",
                      {instance}));
        return true;
      });
    }
    folders_ = wanted;
  }
  // Files inotify did not tell of: there before the start, or lost to an overflow.
  for (const auto& [descriptor, watched] : watches_) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(watched.first, ec)) {
      const std::string path = entry.path().string();
      if (!entry.is_regular_file(ec) || !IsCandidate(path)) continue;
      if (seen_[path] == StampOf(path) || pending_.count(path) != 0) continue;
      pending_[path] = {watched.second, Clock::now()};
    }
  }
}

void FolderWatcher::AddWatches(const std::string& folder, const std::string& user, int depth) {
  if (depth > kMaxDepth || watches_.size() >= kMaxWatches) return;
  const int descriptor =
      ::inotify_add_watch(inotify_fd_, folder.c_str(), kFolderEvents | IN_ONLYDIR);
  if (descriptor < 0) return;
  watches_[descriptor] = {folder, user};
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    if (entry.is_directory(ec) && !entry.is_symlink(ec)) {
      AddWatches(entry.path().string(), user, depth + 1);
    }
  }
}

void FolderWatcher::ImportSettled() {
  const auto now = Clock::now();
  for (auto it = pending_.begin(); it != pending_.end();) {
    if (now - it->second.second < options_.settle) {
      ++it;
      continue;
    }
    const std::string path = it->first;
    const std::string user = it->second.first;
    it = pending_.erase(it);
    ImportFile(path, user);
  }
}

void FolderWatcher::ImportFile(const std::string& path, const std::string& user) {
  const std::string stamp = StampOf(path);
  if (stamp.empty() || seen_[path] == stamp) return;
  seen_[path] = stamp;
  const auto instance = folders_.find(user);
  if (instance == folders_.end()) return;
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  const std::string relative = fs::relative(path, options_.root, ec).string();
  std::string bytes;
  if (size <= options_.max_file_bytes) {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const std::string digest = bytes.empty() ? "" : util::Sha256Hex(bytes);
  // The trail this file became before, and the content it had then.
  using Known = std::pair<std::string, std::string>;
  auto known = database_.Read<Known>([&](storage::Connection& c) -> util::Result<Known> {
    CAIRN_ASSIGN_OR_RETURN(
        auto rows, c.Query("SELECT trail, digest FROM watched_files WHERE user = ? AND path = ?",
                           {user, relative}));
    if (rows.rows.empty()) return Known();
    return Known(storage::AsText(rows.rows[0][0]), storage::AsText(rows.rows[0][1]));
  });
  if (!known.ok()) {
    util::LogWarning("watched folder: " + known.error().message);
    return;
  }
  if (!digest.empty() && known->second == digest) return;  // as it was (a restart reads it again)
  imports::ImportTarget target;
  target.caller.user_id = user;
  target.caller.method = AuthMethod::kBearerToken;  // the owner acting, as when signed in
  target.source = "folder";  // no job: a file imported before is skipped, not counted again
  std::string first_trail;
  // What became of one item, told in the log, the instance's message and the folder's tally.
  auto record = [&](const std::string& label, const imports::ItemOutcome& outcome, bool replaced) {
    if (outcome.result == imports::ItemResult::kImported && first_trail.empty()) {
      first_trail = outcome.trail_id;
    }
    Tally(user, instance->second, label, outcome, replaced);
  };
  if (const InstalledPlugin* reader = PluginFor(path)) {
    // A file only an external plugin reads: every activity it reports, under its own ids.
    target.source = reader->manifest.id;
    if (size > options_.max_file_bytes) {
      record(relative, {.result = imports::ItemResult::kFailed, .reason = "too large"}, false);
      return;
    }
    auto manifest = ReadPluginManifest(reader->directory);
    PluginRun run{.input_files = {path}, .temp_root = options_.plugin_work_root};
    util::Status ran = manifest.ok()
                           ? RunImportPlugin(
                                 *manifest, run,
                                 [&](imports::SourceItem item) {
                                   item.label = relative + ": " + item.label;
                                   record(item.label, importer_.Import(target, item), false);
                                 },
                                 nullptr)
                           : util::Status(std::move(manifest).error());
    if (!ran.ok()) {
      record(relative, {.result = imports::ItemResult::kFailed, .reason = ran.error().message},
             false);
      return;  // read again when it changes, or after a restart
    }
  } else {
    imports::SourceItem item{.label = relative, .activity = util::Error::Internal("not read")};
    if (size > options_.max_file_bytes) {
      item.activity = util::Error::TooLarge("larger than " +
                                            std::to_string(options_.max_file_bytes >> 20) + " MB");
    } else {
      imports::Activity activity;
      activity.external_id = "sha256:" + digest;
      activity.file_name = fs::path(path).filename().string();
      activity.track_bytes = std::move(bytes);
      item.activity = std::move(activity);
    }
    const bool replacing = !known->first.empty() && item.activity.ok();
    record(relative,
           replacing ? importer_.ReplaceTrack(target, known->first, item)
                     : importer_.Import(target, item),
           replacing);
    if (first_trail.empty()) return;
  }
  auto remembered = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(
        c.Execute("INSERT OR REPLACE INTO watched_files (user, path, trail, digest, updated) "
                  "VALUES (?, ?, ?, ?, ?)",
                  {user, relative, first_trail, digest,
                   util::FormatTimestamp(util::SystemClock().NowMillis())}));
    return true;
  });
  if (!remembered.ok()) util::LogWarning("watched folder: " + remembered.error().message);
}

void FolderWatcher::Tally(const std::string& user, const std::string& instance,
                          const std::string& label, const imports::ItemOutcome& outcome,
                          bool replaced) {
  std::string message = label + ": ";
  switch (outcome.result) {
    case imports::ItemResult::kImported:
      message += replaced ? "changed; its trail has the new track." : "imported.";
      break;
    case imports::ItemResult::kSkipped:
      message += "skipped: " + outcome.reason + ".";
      break;
    case imports::ItemResult::kFailed:
      message += "failed: " + outcome.reason;
      break;
  }
  util::LogInfo("watched folder: " + message);
  const bool imported = outcome.result == imports::ItemResult::kImported;
  (void)instances_.RecordOutcome(instance, "configured", message, imported);
  // The folder's running tally, as an import job the Import page lists.
  const std::string now = util::FormatTimestamp(util::SystemClock().NowMillis());
  auto tallied = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(c.Execute(
        "INSERT INTO import_jobs (id, created, updated, user, plugin, source, format, status) "
        "VALUES (?, ?, ?, ?, 'folder', ?, 'gps-files', 'watching') ON CONFLICT (id) DO NOTHING",
        {instance, now, now, user, options_.root}));
    Json problem = Json::object();
    if (!imported) {
      problem = {{"item", label},
                 {"result", outcome.result == imports::ItemResult::kSkipped ? "skipped" : "failed"},
                 {"reason", outcome.reason}};
      if (!outcome.trail_id.empty()) problem["trail"] = outcome.trail_id;
    }
    CAIRN_RETURN_IF_ERROR(c.Execute(
        "UPDATE import_jobs SET updated = ?, done = done + 1, expected = expected + 1, "
        "imported = imported + ?, skipped = skipped + ?, failed = failed + ?, problems = CASE "
        "WHEN ? = '{}' THEN problems ELSE (SELECT json_group_array(json(value)) FROM (SELECT "
        "key, value FROM (SELECT key, value FROM json_each(json_insert(problems, '$[#]', "
        "json(?))) ORDER BY key DESC LIMIT ?) ORDER BY key)) END, message = ? WHERE id = ?",
        {now, int64_t{imported}, int64_t{outcome.result == imports::ItemResult::kSkipped},
         int64_t{outcome.result == imports::ItemResult::kFailed}, problem.dump(), problem.dump(),
         static_cast<int64_t>(kMaxProblemsKept), message, instance}));
    return true;
  });
  if (!tallied.ok()) util::LogWarning("watched folder: " + tallied.error().message);
}

bool FolderWatcher::IsCandidate(const std::string& path) const {
  if (IsTemporary(path)) return false;
  return imports::IsGpsFileName(fs::path(path).filename().string()) || PluginFor(path) != nullptr;
}

const InstalledPlugin* FolderWatcher::PluginFor(const std::string& path) const {
  if (options_.catalog == nullptr) return nullptr;
  const std::string base = fs::path(path).filename().string();
  if (imports::IsGpsFileName(base)) return nullptr;  // read here, whatever a plugin accepts
  std::string extension = fs::path(base).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension.empty()) return nullptr;
  for (const InstalledPlugin& plugin : options_.catalog->plugins()) {
    if (plugin.manifest.runtime != "external" ||
        !options_.catalog->Offers(plugin.manifest.id, kWatch)) {
      continue;
    }
    // A watching plugin names what it reads: one that took any file would take every photo too.
    const auto& accepts = plugin.manifest.formats;
    if (std::find(accepts.begin(), accepts.end(), extension) != accepts.end()) return &plugin;
  }
  return nullptr;
}

}  // namespace cairn::services::plugins
