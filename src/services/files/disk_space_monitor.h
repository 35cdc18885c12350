// Whether the data dir's filesystem still has room: for /api/health, the start-up warning and
// `cairn doctor`.
#pragma once

#include <cstdint>
#include <string>

#include "storage/disk_space.h"
#include "util/result.h"

namespace cairn::services {

enum class StorageLevel {
  kOk,   // at least the configured minimum is free
  kLow,  // less than the configured minimum: warn the owner
  kFull  // less than kFullBytes: writes are failing or about to
};

// The word /api/health and the logs use: "ok", "low" or "full".
const char* StorageLevelName(StorageLevel level);

struct DiskSpaceReport {
  storage::DiskSpace space;
  StorageLevel level = StorageLevel::kOk;
};

// Below this, SQLite cannot grow its log for more than a few small writes and no photo fits.
constexpr uint64_t kFullBytes = uint64_t{1} << 20;

// Thread-safe (each call reads the filesystem afresh; nothing is cached, so freeing space shows
// at once).
class DiskSpaceMonitor {
 public:
  // `data_dir` is the folder whose filesystem is watched; `low_bytes` is the free space below
  // which it counts as low (--min-free-mb).
  DiskSpaceMonitor(std::string data_dir, uint64_t low_bytes)
      : data_dir_(std::move(data_dir)), low_bytes_(low_bytes) {}

  // The free space now and its level. Internal when the filesystem cannot be asked.
  util::Result<DiskSpaceReport> Check() const;

  // "812 MB free of 29.0 GB" style text for logs and the CLI.
  static std::string Describe(const storage::DiskSpace& space);

  uint64_t low_bytes() const { return low_bytes_; }

 private:
  std::string data_dir_;
  uint64_t low_bytes_;
};

}  // namespace cairn::services
