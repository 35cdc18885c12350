// The names of the backups `cairn backup` writes into a folder, and keeping only the newest.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace cairn::services {

// "cairn-backup-YYYYMMDD-HHMMSS.tar" for `epoch_millis` (UTC), with "-N" before ".tar" when
// `sequence` is above 1 (a second backup within the same second).
std::string BackupFileName(int64_t epoch_millis, int sequence = 1);

// Whether `name` has the form BackupFileName writes; only such files are ever rotated away.
bool IsBackupFileName(std::string_view name);

// The path of a new backup in `folder` for `epoch_millis`: the first BackupFileName sequence
// that names no existing file.
std::string NewBackupPath(const std::string& folder, int64_t epoch_millis);

// Removes the backups in `folder` (files named as IsBackupFileName accepts) beyond the newest
// `keep`, newest by the time and sequence in their names. Returns the names removed, oldest
// first. Internal when the folder cannot be read or a file cannot be removed.
util::Result<std::vector<std::string>> RemoveOldBackups(const std::string& folder, size_t keep);

}  // namespace cairn::services
