// `cairn backup`'s work: a consistent snapshot of a data dir that a server may be using, written
// as one archive (see backup_manifest.h for what it holds).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "records/record_engine.h"
#include "util/clock.h"
#include "util/result.h"

namespace cairn::services {

struct BackupOptions {
  std::string data_dir;
  // Where the archive ends up. It is written beside it under a temporary name, synced and renamed
  // into place, so `archive_path` is either the whole new archive or what it was before. An
  // existing file is replaced.
  std::string archive_path;
  std::string cairn_version;  // recorded in the manifest
  // How long to wait for another backup's lock before giving up.
  std::chrono::milliseconds lock_wait{std::chrono::seconds(30)};
  // Test seam: runs after the database snapshot, before any stored file is read.
  std::function<void()> after_snapshot;
};

struct BackupReport {
  int schema_version = 0;
  size_t files = 0;       // stored files archived
  size_t held_files = 0;  // of them, read from the hold folder: removed while the backup ran
  std::vector<std::string> missing;  // files the snapshot names that were not on disk at all
  uint64_t content_bytes = 0;        // the entries' sizes together
  uint64_t archive_bytes = 0;
};

// Backs up `options.data_dir` while a server may be writing it, without its data dir lock:
//  1. takes the backup lock (storage/backup_fence.h), so from now on removed files are held;
//  2. snapshots data.db (VACUUM INTO) beside the archive and archives it, then .secret;
//  3. archives every file the snapshot's records name (per `engine`'s file fields), from
//     storage/ or, when removed meanwhile, from the hold folder; a file in neither was already
//     missing before the backup (`cairn doctor` reports those) and is listed in `missing`;
//  4. writes the manifest, syncs and renames the archive into place, purges the hold folder.
// File contents are streamed in chunks; memory grows only with the number of files.
// Fails with NotFound (no data.db), Conflict (another backup runs), InvalidArgument (the
// database's schema is not this build's: back up with the server's own binary),
// InsufficientStorage or Internal (disk). On failure no archive and no temporary file
// remain.
util::Result<BackupReport> CreateBackup(const BackupOptions& options,
                                        const records::RecordEngine& engine,
                                        const util::Clock& clock);

}  // namespace cairn::services
