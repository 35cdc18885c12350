// The `watch` capability: each person with an enabled "folder" plugin instance gets a folder on
// the server (WATCH_DIR/USERNAME, created for them; one a phone sync tool fills, say), watched with
// inotify. A GPS file that appears there becomes their trail within seconds once it is complete:
// closed by its writer and unchanged for the settle time; when it changes later, that trail gets
// its new track (watched_files remembers which file became which trail). Duplicates are skipped
// (the same content again, or a track matching one of their trails); a broken file is reported
// in the instance's message and left where it is.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <set>
#include <string>
#include <thread>

#include "services/imports/activity_importer.h"
#include "services/plugins/plugin_catalog.h"
#include "services/plugins/plugin_instances.h"
#include "storage/database.h"

namespace cairn::services::plugins {

struct FolderWatcherOptions {
  std::string root;  // WATCH_DIR: one folder per person below it
  // How long a file must stay closed and unchanged before it is read (a sync tool writing it in
  // pieces, or a copy still running).
  std::chrono::milliseconds settle{2000};
  // How often the instances are read again and the folders walked (files inotify missed: those
  // there before the start, an overflowing event queue).
  std::chrono::milliseconds rescan{5000};
  size_t max_file_bytes = 64u << 20;
  // External plugins with the `watch` capability read the files of the extensions they accept
  // that are not GPS files (docs/PLUGINS.md), in work dirs below `plugin_work_root`. Null: none.
  const PluginCatalog* catalog = nullptr;
  std::string plugin_work_root;
};

// One thread. Start() and Stop() from one thread.
class FolderWatcher {
 public:
  FolderWatcher(storage::Database& database, imports::ActivityImporter& importer,
                PluginInstances& instances, FolderWatcherOptions options);
  ~FolderWatcher();

  // Creates the root and starts watching. Internal when inotify cannot start or the root cannot
  // be created.
  util::Status Start();
  // Stops after the file being read, if any. Idempotent.
  void Stop();

 private:
  void Loop();
  void Rescan();
  void AddWatches(const std::string& folder, const std::string& user, int depth);
  void Consider(const std::string& path, const std::string& user);
  void ImportSettled();
  void ImportFile(const std::string& path, const std::string& user);
  // One item's outcome into the log, the instance's message and the folder's tally job.
  void Tally(const std::string& user, const std::string& instance, const std::string& label,
             const imports::ItemOutcome& outcome, bool replaced);
  // A GPS file, or one an external watching plugin accepts; not under a temporary name.
  bool IsCandidate(const std::string& path) const;
  // The external plugin that reads `path` (not a GPS file, an extension it accepts), or null.
  const InstalledPlugin* PluginFor(const std::string& path) const;

  storage::Database& database_;
  imports::ActivityImporter& importer_;
  PluginInstances& instances_;
  const FolderWatcherOptions options_;
  int inotify_fd_ = -1;
  int stop_fd_ = -1;  // an eventfd: Stop() wakes the loop
  std::thread thread_;
  // Loop thread only:
  std::map<int, std::pair<std::string, std::string>> watches_;  // descriptor -> folder, user id
  std::map<std::string, std::string> folders_;                  // user id -> instance id
  // Files closed by their writer, waiting to settle: path -> user id, when last closed.
  std::map<std::string, std::pair<std::string, std::chrono::steady_clock::time_point>> pending_;
  // What was read already: path -> "size:mtime", so a rescan reads only what changed.
  std::map<std::string, std::string> seen_;
};

}  // namespace cairn::services::plugins
