// Free-space levels of the data dir's filesystem.
#include "services/files/disk_space_monitor.h"

#include <cstdio>

namespace cairn::services {

const char* StorageLevelName(StorageLevel level) {
  switch (level) {
    case StorageLevel::kOk:
      return "ok";
    case StorageLevel::kLow:
      return "low";
    case StorageLevel::kFull:
      return "full";
  }
  return "ok";
}

util::Result<DiskSpaceReport> DiskSpaceMonitor::Check() const {
  CAIRN_ASSIGN_OR_RETURN(storage::DiskSpace space, storage::DiskSpaceOf(data_dir_));
  DiskSpaceReport report{space, StorageLevel::kOk};
  if (space.available_bytes < kFullBytes) {
    report.level = StorageLevel::kFull;
  } else if (space.available_bytes < low_bytes_) {
    report.level = StorageLevel::kLow;
  }
  return report;
}

namespace {

std::string Bytes(uint64_t bytes) {
  char text[32];
  const double mb = static_cast<double>(bytes) / (1024.0 * 1024.0);
  if (mb >= 10240) {
    std::snprintf(text, sizeof text, "%.1f GB", mb / 1024.0);
  } else if (mb >= 10) {
    std::snprintf(text, sizeof text, "%.0f MB", mb);
  } else {
    std::snprintf(text, sizeof text, "%.1f MB", mb);
  }
  return text;
}

}  // namespace

std::string DiskSpaceMonitor::Describe(const storage::DiskSpace& space) {
  return Bytes(space.available_bytes) + " free of " + Bytes(space.total_bytes);
}

}  // namespace cairn::services
