// Probes of the database and storage/, and the data dir's gauges.
#include "services/health/health_monitor.h"

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <vector>

#include "services/health/request_metrics.h"

namespace cairn::services {
namespace {

namespace fs = std::filesystem;

// The size of the file at `path`, or 0 when it is missing.
uint64_t FileBytes(const std::string& path) {
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  return ec ? 0 : size;
}

// Whether a file can be created (and removed) in `folder`, as an upload would.
bool CanCreateFileIn(const std::string& folder) {
  std::string name = folder + "/.tmp-health-XXXXXX";
  std::vector<char> pattern(name.begin(), name.end());
  pattern.push_back('\0');
  const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd < 0) return false;
  ::close(fd);
  return ::unlink(pattern.data()) == 0;
}

// Seconds since the newest cairn-backup-* file in `folder` was written, if there is one.
std::optional<double> NewestBackupAgeSeconds(const std::string& folder) {
  std::error_code ec;
  std::optional<fs::file_time_type> newest;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    if (!entry.is_regular_file(ec)) continue;
    if (!entry.path().filename().string().starts_with("cairn-backup-")) continue;
    const auto written = entry.last_write_time(ec);
    if (!ec && (!newest || written > *newest)) newest = written;
  }
  if (!newest) return std::nullopt;
  return std::chrono::duration<double>(fs::file_time_type::clock::now() - *newest).count();
}

void Gauge(std::string& out, const std::string& name, const std::string& help, double value,
           const std::string& labels = "") {
  char number[32];
  std::snprintf(number, sizeof number, "%.15g", value);
  out += "# HELP " + name + " " + help + "\n# TYPE " + name + " gauge\n" + name +
         (labels.empty() ? "" : "{" + labels + "}") + " " + number + "\n";
}

}  // namespace

HealthMonitor::HealthMonitor(storage::Database& database, const DiskSpaceMonitor& disk_space,
                             std::string data_dir, std::string version)
    : database_(database),
      disk_space_(disk_space),
      data_dir_(std::move(data_dir)),
      version_(std::move(version)),
      schema_(database.SchemaVersion()),
      started_(std::chrono::steady_clock::now()) {}

HealthMonitor::Probes HealthMonitor::ProbeNow() {
  Probes probes;
  auto writable = database_.CheckWritable();
  probes.database = !writable.ok() ? "error" : *writable ? "writable" : "read-only";
  probes.storage_writable = CanCreateFileIn(data_dir_ + "/storage");
  return probes;
}

HealthReport HealthMonitor::Check() {
  const auto now = std::chrono::steady_clock::now();
  HealthReport report{
      .version = version_,
      .schema = schema_,
      .uptime_seconds = std::chrono::duration_cast<std::chrono::seconds>(now - started_).count()};
  {
    std::lock_guard lock(probe_mutex_);
    if (!probes_ || now - probed_at_ >= kProbeInterval) {
      probes_ = ProbeNow();
      probed_at_ = now;
    }
    report.database = probes_->database;
    report.storage_writable = probes_->storage_writable;
  }
  // statvfs is cheap, and freed space should show at once.
  auto disk = disk_space_.Check();
  report.storage = disk.ok() ? StorageLevelName(disk->level) : "unknown";
  return report;
}

uint64_t HealthMonitor::StorageBytes() {
  std::lock_guard lock(size_mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (storage_bytes_ && now - sized_at_ < kStorageSizeInterval) return *storage_bytes_;
  uint64_t total = 0;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(data_dir_ + "/storage", ec), end; !ec && it != end;
       it.increment(ec)) {
    std::error_code entry_ec;
    if (it->is_regular_file(entry_ec)) total += FileBytes(it->path().string());
  }
  storage_bytes_ = total;
  sized_at_ = now;
  return total;
}

std::string HealthMonitor::RenderPrometheus() {
  const HealthReport report = Check();
  std::string out;
  Gauge(out, "cairn_build_info", "The running build: its version and schema version.", 1,
        "version=" + PrometheusLabel(version_) +
            ",schema=" + PrometheusLabel(std::to_string(schema_)));
  Gauge(out, "cairn_uptime_seconds", "Seconds since the server started.",
        static_cast<double>(report.uptime_seconds));
  Gauge(out, "cairn_database_bytes", "Size of data.db and its write-ahead log.",
        static_cast<double>(FileBytes(data_dir_ + "/data.db") +
                            FileBytes(data_dir_ + "/data.db-wal")));
  Gauge(out, "cairn_database_writable", "1 when the database takes writes.",
        report.database == "writable" ? 1 : 0);
  Gauge(out, "cairn_storage_bytes",
        "Size of the files in storage/ (walked at most every 5 minutes).",
        static_cast<double>(StorageBytes()));
  Gauge(out, "cairn_storage_writable", "1 when a file can be created in storage/.",
        report.storage_writable ? 1 : 0);
  if (auto disk = disk_space_.Check(); disk.ok()) {
    Gauge(out, "cairn_storage_free_bytes", "Free space of the data dir's filesystem.",
          static_cast<double>(disk->space.available_bytes));
  }
  if (auto age = NewestBackupAgeSeconds(data_dir_ + "/backups")) {
    Gauge(out, "cairn_backup_newest_age_seconds",
          "Seconds since the newest backup in the data dir's backups/ was written.", *age);
  }
  return out;
}

}  // namespace cairn::services
