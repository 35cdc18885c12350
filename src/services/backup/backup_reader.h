// Reading a backup archive back: verifying it whole, and unpacking it into a folder.
#pragma once

#include <cstdint>
#include <string>

#include "services/backup/backup_manifest.h"
#include "util/result.h"

namespace cairn::services {

struct VerifiedBackup {
  BackupManifest manifest;
  size_t files = 0;            // stored files (entries under storage/)
  uint64_t content_bytes = 0;  // every entry's size but the manifest's
  uint64_t archive_bytes = 0;
};

// Reads the whole archive and checks it: its tar structure (header checksums, no truncation,
// only regular files), every entry name (IsBackupEntryPath, none twice), the manifest (the last
// entry, ParseManifest), that the entries are exactly those the manifest lists with their sizes
// and SHA-256 digests, and that data.db opens, has the manifest's schema version and passes
// PRAGMA integrity_check (on a copy written to `scratch_folder` and removed before returning).
// InvalidArgument saying what is wrong for any damage; NotFound when `archive` does not exist;
// Internal or InsufficientStorage for the disk. Streams: memory grows only with the file count.
util::Result<VerifiedBackup> VerifyBackup(const std::string& archive,
                                          const std::string& scratch_folder);

// Unpacks `archive`, which VerifyBackup found to hold `expected`, into the existing empty folder
// `target` (data.db, .secret with mode 0600, storage/...), checking every entry against
// `expected` again on the way (the archive may have changed since), and syncs every file and
// folder to disk. Fails as VerifyBackup does; on failure what it wrote stays in `target` for the
// caller to remove with the folder.
util::Status ExtractBackup(const std::string& archive, const BackupManifest& expected,
                           const std::string& target);

}  // namespace cairn::services
