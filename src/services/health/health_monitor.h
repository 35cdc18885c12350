// What /api/health and the Prometheus endpoint report about the running server and its data dir.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "services/files/disk_space_monitor.h"
#include "storage/database.h"

namespace cairn::services {

struct HealthReport {
  std::string version;         // the build's version (CAIRN_VERSION)
  int schema = 0;              // the database's schema version
  int64_t uptime_seconds = 0;  // since the monitor was made (the server's start)
  // "writable", "read-only", or "error" when the database cannot be read.
  std::string database;
  // The free-space level ("ok", "low", "full"; "unknown" when it cannot be read), and whether a
  // file can be created in storage/.
  std::string storage;
  bool storage_writable = false;
};

// Thread-safe. The probes that touch the disk (the database's and storage/'s writability, a
// file created and removed) run at most once per kProbeInterval; in between the last answer is
// reported, so a flood of health checks costs nothing. The size of storage/ is walked at most
// once per kStorageSizeInterval.
class HealthMonitor {
 public:
  static constexpr std::chrono::seconds kProbeInterval{5};
  static constexpr std::chrono::seconds kStorageSizeInterval{300};

  // `data_dir` holds data.db, storage/ and backups/. The database and disk monitor must outlive
  // this.
  HealthMonitor(storage::Database& database, const DiskSpaceMonitor& disk_space,
                std::string data_dir, std::string version);

  HealthReport Check();

  // The gauges of the Prometheus endpoint in text format 0.0.4: build info, uptime, schema, the
  // database's and storage/'s sizes, free space, and the age of the newest backup in backups/
  // (cairn-backup-*; absent when there is none).
  std::string RenderPrometheus();

 private:
  struct Probes {
    std::string database;
    bool storage_writable = false;
  };
  Probes ProbeNow();
  uint64_t StorageBytes();

  storage::Database& database_;
  const DiskSpaceMonitor& disk_space_;
  const std::string data_dir_;
  const std::string version_;
  const int schema_;
  const std::chrono::steady_clock::time_point started_;

  std::mutex probe_mutex_;
  std::optional<Probes> probes_;
  std::chrono::steady_clock::time_point probed_at_{};

  std::mutex size_mutex_;  // held while walking, so concurrent scrapes walk once
  std::optional<uint64_t> storage_bytes_;
  std::chrono::steady_clock::time_point sized_at_{};
};

}  // namespace cairn::services
