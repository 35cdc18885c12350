// The pre-upgrade backup and the one-transaction upgrade of data.db.
#include "storage/upgrade.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <exception>
#include <filesystem>

#include "storage/database.h"
#include "storage/schema.h"

namespace cairn::storage {
namespace {

namespace fs = std::filesystem;

// SQLite's file header: the magic string, and user_version as a big-endian integer at 60.
constexpr char kSqliteMagic[] = "SQLite format 3";
constexpr size_t kHeaderBytes = 100;
constexpr size_t kUserVersionOffset = 60;

// Flushes the file or folder at `path` to disk. False when it cannot be opened or synced.
bool SyncPath(const std::string& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0) return false;
  const bool synced = ::fsync(fd) == 0;
  ::close(fd);
  return synced;
}

// "20261128T042400Z": sorts by time, and safe in a file name.
std::string UtcStamp() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%dT%H%M%SZ", &utc);
  return text;
}

// Whether a statement ran, without the count of rows it changed.
util::Status Done(util::Result<int64_t> executed) {
  if (!executed.ok()) return std::move(executed).error();
  return util::OkStatus();
}

}  // namespace

util::Result<int> SchemaVersionInFileHeader(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return 0;
    return util::Error::Internal("cannot read " + path + ": " + std::strerror(errno));
  }
  unsigned char header[kHeaderBytes];
  const ssize_t got = ::pread(fd, header, sizeof header, 0);
  ::close(fd);
  if (got == 0) return 0;  // an empty file is a new database
  if (got != static_cast<ssize_t>(sizeof header) ||
      std::memcmp(header, kSqliteMagic, sizeof kSqliteMagic) != 0) {
    return util::Error::Internal(path + " is not a cairn database (no SQLite header)");
  }
  const unsigned char* v = header + kUserVersionOffset;
  const uint32_t version =
      (uint32_t{v[0]} << 24) | (uint32_t{v[1]} << 16) | (uint32_t{v[2]} << 8) | uint32_t{v[3]};
  return static_cast<int>(version);
}

std::string NewerSchemaMessage(const std::string& path, int version, int supported) {
  return path + " has schema version " + std::to_string(version) +
         ", but this cairn knows versions up to " + std::to_string(supported) +
         ": a newer cairn wrote it. Nothing was changed. Install that newer cairn again, or "
         "restore the backup it took before upgrading (backups/pre-upgrade-v" +
         std::to_string(supported) + "-to-v*.db, losing what was written since)";
}

util::Result<std::string> BackUpBeforeUpgrade(Connection& connection, const std::string& backup_dir,
                                              int from, int to) {
  std::error_code ec;
  fs::create_directories(backup_dir, ec);
  if (ec) {
    return util::Error::Internal("cannot create the backup folder " + backup_dir + ": " +
                                 ec.message());
  }
  const std::string name = "pre-upgrade-v" + std::to_string(from) + "-to-v" + std::to_string(to) +
                           "-" + UtcStamp() + ".db";
  const std::string final_path = backup_dir + "/" + name;
  const std::string temp_path = backup_dir + "/.tmp-" + name;
  fs::remove(temp_path, ec);  // left by a start that died while writing it
  // VACUUM INTO reads one snapshot, so the copy is consistent; it needs no lock beyond a read.
  util::Status written = Done(connection.Execute("VACUUM INTO ?", {temp_path}));
  if (written.ok() && !SyncPath(temp_path, O_RDONLY)) {
    written = util::Error::Internal("cannot flush " + temp_path + ": " + std::strerror(errno));
  }
  if (written.ok() && ::rename(temp_path.c_str(), final_path.c_str()) != 0) {
    written = util::Error::Internal("cannot rename " + temp_path + ": " + std::strerror(errno));
  }
  if (!written.ok()) {
    // SQLite may leave the copy's own journal beside it when the copy fails.
    for (const char* suffix : {"", "-journal", "-wal", "-shm"}) fs::remove(temp_path + suffix, ec);
    return std::move(written).error();
  }
  // The rename is durable only once the folder is.
  (void)SyncPath(backup_dir, O_RDONLY | O_DIRECTORY);
  return final_path;
}

util::Status MigrateInOneTransaction(Connection& connection, int from) {
  // Every step is DDL, DML, FTS5 or R*Tree creation or PRAGMA user_version, which SQLite all
  // runs inside a transaction; none uses VACUUM or a PRAGMA that a transaction ignores.
  CAIRN_RETURN_IF_ERROR(connection.Execute("BEGIN IMMEDIATE"));
  const auto run_steps = [&]() -> util::Status {
    for (const Migration& step : Migrations()) {
      if (step.to_version <= from) continue;
      util::Status applied = connection.ExecuteScript(step.sql);
      if (applied.ok() && step.fill) {
        try {
          applied = step.fill(connection);
        } catch (const std::exception& e) {
          applied = util::Error::Internal(std::string("unexpected exception: ") + e.what());
        }
      }
      if (!applied.ok()) {
        util::Error error = std::move(applied).error();
        error.message =
            "step to schema version " + std::to_string(step.to_version) + ": " + error.message;
        return error;
      }
    }
    return connection.ExecuteScript("PRAGMA user_version = " +
                                    std::to_string(CurrentSchemaVersion()));
  };
  util::Status migrated = run_steps();
  // SQLite rolls back by itself after some failures (a full disk); COMMIT would then fail.
  if (migrated.ok() && !connection.InTransaction()) {
    migrated = util::Error::Internal("the database rolled the upgrade back");
  }
  if (migrated.ok()) migrated = Done(connection.Execute("COMMIT"));
  if (!migrated.ok() && connection.InTransaction()) (void)connection.Execute("ROLLBACK");
  return migrated;
}

}  // namespace cairn::storage
