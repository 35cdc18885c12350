// Backup names carry their time, so the order of backups is the order of their names' fields.
#include "services/backup/backup_rotation.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <tuple>

namespace cairn::services {
namespace {

constexpr std::string_view kPrefix = "cairn-backup-";
constexpr std::string_view kExtension = ".tar";

bool AllDigits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The time ("YYYYMMDDHHMMSS") and sequence of a backup's name; sequence 0 for one that is not.
std::pair<std::string, long> OrderOf(std::string_view name) {
  if (!IsBackupFileName(name)) return {"", 0};
  name.remove_prefix(kPrefix.size());
  name.remove_suffix(kExtension.size());
  const std::string time = std::string(name.substr(0, 8)) + std::string(name.substr(9, 6));
  long sequence = 1;
  if (name.size() > 15) sequence = std::stol(std::string(name.substr(16)));
  return {time, sequence};
}

}  // namespace

std::string BackupFileName(int64_t epoch_millis, int sequence) {
  const std::time_t seconds = static_cast<std::time_t>(epoch_millis / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char stamp[32];
  std::snprintf(stamp, sizeof stamp, "%04d%02d%02d-%02d%02d%02d", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec);
  std::string name = std::string(kPrefix) + stamp;
  if (sequence > 1) name += "-" + std::to_string(sequence);
  return name + std::string(kExtension);
}

bool IsBackupFileName(std::string_view name) {
  if (!name.starts_with(kPrefix) || !name.ends_with(kExtension)) return false;
  name.remove_prefix(kPrefix.size());
  name.remove_suffix(kExtension.size());
  // YYYYMMDD-HHMMSS, then optionally -N.
  if (name.size() < 15 || !AllDigits(name.substr(0, 8)) || name[8] != '-' ||
      !AllDigits(name.substr(9, 6))) {
    return false;
  }
  if (name.size() == 15) return true;
  return name[15] == '-' && name.size() <= 16 + 6 && AllDigits(name.substr(16));
}

std::string NewBackupPath(const std::string& folder, int64_t epoch_millis) {
  std::error_code ec;
  for (int sequence = 1;; ++sequence) {
    const std::string path = folder + "/" + BackupFileName(epoch_millis, sequence);
    if (!std::filesystem::exists(path, ec)) return path;
  }
}

util::Result<std::vector<std::string>> RemoveOldBackups(const std::string& folder, size_t keep) {
  namespace fs = std::filesystem;
  std::vector<std::string> backups;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (IsBackupFileName(name) && entry.is_regular_file(ec)) backups.push_back(name);
  }
  if (ec) return util::Error::Internal("cannot list " + folder + ": " + ec.message());
  std::sort(backups.begin(), backups.end(),
            [](const auto& a, const auto& b) { return OrderOf(a) < OrderOf(b); });
  std::vector<std::string> removed;
  for (size_t i = 0; i + keep < backups.size(); ++i) {
    if (!fs::remove(fs::path(folder) / backups[i], ec) && ec) {
      return util::Error::Internal("cannot remove " + backups[i] + ": " + ec.message());
    }
    removed.push_back(backups[i]);
  }
  return removed;
}

}  // namespace cairn::services
