// The backup commands: flags to the backup services, their reports to the terminal.
#include "app/backup_command.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>

#include "app/data_dir.h"
#include "records/record_engine.h"
#include "services/backup/backup_reader.h"
#include "services/backup/backup_rotation.h"
#include "services/backup/backup_writer.h"
#include "services/core/family_registry.h"
#include "services/families/families.h"
#include "storage/schema.h"
#include "util/clock.h"
#include "util/durable_files.h"
#include "util/random.h"

#ifndef CAIRN_VERSION
#define CAIRN_VERSION "dev"
#endif

namespace cairn::app {
namespace {

namespace fs = std::filesystem;

class Stopwatch {
 public:
  double Seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  // "1234.5 MB in 12.3 s (100.4 MB/s)".
  std::string Throughput(uint64_t bytes) const {
    const double seconds = Seconds();
    const double megabytes = static_cast<double>(bytes) / (1024.0 * 1024.0);
    char text[96];
    std::snprintf(text, sizeof text, "%.1f MB in %.1f s (%.1f MB/s)", megabytes, seconds,
                  seconds > 0 ? megabytes / seconds : 0.0);
    return text;
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

int Fail(const char* command, const std::string& message) {
  std::fprintf(stderr, "cairn %s: %s\n", command, message.c_str());
  return 1;
}

int VerifyArchive(const std::string& archive) {
  Stopwatch watch;
  std::error_code ec;
  auto verified = services::VerifyBackup(archive, fs::temp_directory_path(ec).string());
  if (!verified.ok()) return Fail("backup --verify", verified.error().message);
  const auto& manifest = verified->manifest;
  std::printf("%s: sound\n  created %s by cairn %s, schema %d, format %d\n", archive.c_str(),
              manifest.created.c_str(), manifest.cairn_version.c_str(), manifest.schema_version,
              manifest.format_version);
  std::printf("  %zu entries: data.db (integrity ok), %zu stored files; every checksum matches\n",
              manifest.entries.size(), verified->files);
  std::printf("  read %s\n", watch.Throughput(verified->archive_bytes).c_str());
  return 0;
}

// Renames `from` to `to` and syncs the folder holding `to`.
bool RenameAndSync(const fs::path& from, const fs::path& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) return false;
  // Done once renamed; the sync only makes it survive a power cut.
  (void)util::SyncFolder(to.parent_path().string());
  return true;
}

// Run as root (restoring into /var/lib/cairn needs a sibling folder in /var/lib), the restored
// files would be root's and the server's user locked out: they take the owner, group and mode of
// the data dir they replace. Anyone else keeps their own files.
bool TakeOwnershipOf(const fs::path& restored, const fs::path& replaced) {
  struct stat target {};
  if (::geteuid() != 0 || ::stat(replaced.c_str(), &target) != 0) return true;
  if (::lchown(restored.c_str(), target.st_uid, target.st_gid) != 0 ||
      ::chmod(restored.c_str(), target.st_mode & 07777) != 0) {
    return false;
  }
  std::error_code ec;
  for (fs::recursive_directory_iterator it(restored, ec), end; !ec && it != end; it.increment(ec)) {
    if (::lchown(it->path().c_str(), target.st_uid, target.st_gid) != 0) return false;
  }
  return !ec;
}

}  // namespace

int RunBackupCommand(const Config& config) {
  if (!config.backup_verify.empty()) return VerifyArchive(config.backup_verify);
  util::SystemClock clock;
  std::string archive = config.backup_to;
  if (archive.empty()) {
    const std::string folder = config.data_dir + "/backups";
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec) return Fail("backup", "cannot create " + folder + ": " + ec.message());
    fs::permissions(folder, fs::perms::owner_all, fs::perm_options::replace, ec);
    archive = services::NewBackupPath(folder, clock.NowMillis());
  }
  // The families tell which fields hold files; no database of the data dir is opened for them.
  services::FamilyRegistry families;
  services::BuildFamilies(families, clock);
  const records::RecordEngine engine(families.collections(), clock);
  Stopwatch watch;
  auto report = services::CreateBackup(
      {.data_dir = config.data_dir, .archive_path = archive, .cairn_version = CAIRN_VERSION},
      engine, clock);
  if (!report.ok()) return Fail("backup", report.error().message);
  for (const auto& missing : report->missing) {
    std::fprintf(stderr,
                 "warning: %s is named by a record but was not in storage (see cairn doctor)\n",
                 missing.c_str());
  }
  std::printf("backup: %s\n  data.db (schema %d) and %zu stored files", archive.c_str(),
              report->schema_version, report->files);
  if (report->held_files > 0) {
    std::printf(" (%zu of them removed by the server during the backup)", report->held_files);
  }
  std::printf("\n  %s; the archive has %.1f MB\n", watch.Throughput(report->content_bytes).c_str(),
              static_cast<double>(report->archive_bytes) / (1024.0 * 1024.0));
  if (config.backup_keep > 0) {
    const fs::path folder =
        fs::path(archive).has_parent_path() ? fs::path(archive).parent_path() : fs::path(".");
    auto removed =
        services::RemoveOldBackups(folder.string(), static_cast<size_t>(config.backup_keep));
    if (!removed.ok())
      return Fail("backup", "the backup is written, but " + removed.error().message);
    for (const auto& name : *removed) std::printf("  removed the older backup %s\n", name.c_str());
  }
  return 0;
}

int RunRestoreCommand(const Config& config) {
  std::error_code ec;
  fs::path dir = fs::absolute(config.data_dir, ec).lexically_normal();
  if (!dir.has_filename()) dir = dir.parent_path();  // "/srv/cairn/" -> "/srv/cairn"
  const fs::path parent = dir.parent_path();
  if (!fs::is_directory(parent, ec)) {
    return Fail("restore", "the folder " + parent.string() + " does not exist");
  }
  const bool exists = fs::exists(dir, ec);
  if (exists && !fs::is_directory(dir, ec)) {
    return Fail("restore", dir.string() + " exists and is not a folder");
  }
  std::optional<DataDirLock> lock;
  bool empty = true;
  if (exists) {
    auto locked = DataDirLock::AcquireExisting(dir.string());
    if (!locked.ok()) return Fail("restore", locked.error().message);
    if (*locked) lock.emplace(std::move(**locked));
    empty = fs::is_empty(dir, ec);
    if (!empty && !config.restore_force) {
      return Fail("restore", dir.string() +
                                 " is not empty: restore into a new or empty folder, or pass "
                                 "--force to replace it (the old data is removed only once the "
                                 "restored data is in place)");
    }
  }

  Stopwatch watch;
  auto verified = services::VerifyBackup(config.restore_archive, parent.string());
  if (!verified.ok()) {
    return Fail("restore", verified.error().message + "\nNothing was restored.");
  }
  const auto& manifest = verified->manifest;
  if (manifest.schema_version > storage::CurrentSchemaVersion()) {
    return Fail("restore", "the backup is from a newer cairn (schema " +
                               std::to_string(manifest.schema_version) + "; this one knows " +
                               std::to_string(storage::CurrentSchemaVersion()) +
                               "): restore it with cairn " + manifest.cairn_version +
                               " or newer. Nothing was restored.");
  }

  const std::string name = dir.filename().string();
  const fs::path staging = parent / ("." + name + ".restore-" + util::RandomString(8));
  if (!fs::create_directory(staging, ec)) {
    return Fail("restore", "cannot create " + staging.string() + ": " + ec.message());
  }
  fs::permissions(staging, fs::perms::owner_all, fs::perm_options::replace, ec);
  auto extracted = services::ExtractBackup(config.restore_archive, manifest, staging.string());
  if (extracted.ok()) fs::create_directory(staging / "storage", ec);
  if (!extracted.ok()) {
    fs::remove_all(staging, ec);
    return Fail("restore", extracted.error().message + "\nNothing was restored.");
  }

  if (exists && !TakeOwnershipOf(staging, dir)) {
    const std::string error = std::strerror(errno);
    fs::remove_all(staging, ec);
    return Fail("restore", "cannot give the restored files the owner of " + dir.string() + ": " +
                               error + "\nNothing was restored.");
  }
  if (!exists || empty) {
    // rename(2) replaces an empty folder in one step.
    if (!RenameAndSync(staging, dir)) {
      const std::string error = std::strerror(errno);
      fs::remove_all(staging, ec);
      return Fail("restore", "cannot move the restored data to " + dir.string() + ": " + error);
    }
  } else {
    const fs::path old = parent / ("." + name + ".old-" + util::RandomString(8));
    if (!RenameAndSync(dir, old)) {
      const std::string error = std::strerror(errno);
      fs::remove_all(staging, ec);
      return Fail("restore", "cannot move " + dir.string() + " aside: " + error);
    }
    if (!RenameAndSync(staging, dir)) {
      const std::string error = std::strerror(errno);
      RenameAndSync(old, dir);
      fs::remove_all(staging, ec);
      return Fail("restore", "cannot move the restored data to " + dir.string() + ": " + error +
                                 " (the old data is back in place)");
    }
    // The old dir's backups are not part of what was restored; they stay with the data dir.
    if (fs::is_directory(old / "backups", ec) && !fs::exists(dir / "backups", ec)) {
      RenameAndSync(old / "backups", dir / "backups");
    }
    fs::remove_all(old, ec);
    if (ec) {
      std::fprintf(stderr, "warning: the replaced data is left in %s: %s\n", old.c_str(),
                   ec.message().c_str());
    }
  }
  std::printf(
      "restored %s into %s\n  created %s by cairn %s, schema %d: data.db and %zu stored "
      "files\n  archive of %s (verified, then unpacked)\n",
      config.restore_archive.c_str(), dir.c_str(), manifest.created.c_str(),
      manifest.cairn_version.c_str(), manifest.schema_version, verified->files,
      watch.Throughput(verified->archive_bytes).c_str());
  return 0;
}

}  // namespace cairn::app
