// VACUUM INTO and integrity checks through SQLite's C API on short-lived read-only connections.
#include "storage/database_snapshot.h"

#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <memory>

namespace cairn::storage {
namespace {

constexpr int kBusyTimeoutMs = 10000;

struct CloseConnection {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using ConnectionPtr = std::unique_ptr<sqlite3, CloseConnection>;

util::Result<ConnectionPtr> OpenReadOnly(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    return util::Error::NotFound("no database file at " + path);
  }
  sqlite3* raw = nullptr;
  const int opened = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  ConnectionPtr db(raw);
  if (opened != SQLITE_OK) {
    return util::Error::Internal("cannot open " + path + ": " +
                                 (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(opened)));
  }
  sqlite3_busy_timeout(db.get(), kBusyTimeoutMs);
  return db;
}

// A failure of `db`'s last call: a file that is no database is the input's fault, a full disk
// InsufficientStorage, the rest Internal.
util::Error SqliteError(sqlite3* db, const std::string& what) {
  const int code = sqlite3_errcode(db) & 0xff;
  std::string message = what + ": " + sqlite3_errmsg(db);
  if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT) {
    return util::Error::InvalidArgument(std::move(message));
  }
  if (code == SQLITE_FULL || sqlite3_system_errno(db) == ENOSPC) {
    return util::Error::InsufficientStorage(std::move(message));
  }
  return util::Error::Internal(std::move(message));
}

}  // namespace

util::Status SnapshotDatabase(const std::string& source, const std::string& target) {
  CAIRN_ASSIGN_OR_RETURN(ConnectionPtr db, OpenReadOnly(source));
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db.get(), "VACUUM INTO ?", -1, &raw, nullptr) != SQLITE_OK) {
    return SqliteError(db.get(), "cannot snapshot " + source);
  }
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> statement(raw, sqlite3_finalize);
  sqlite3_bind_text(raw, 1, target.c_str(), static_cast<int>(target.size()), SQLITE_TRANSIENT);
  if (sqlite3_step(raw) != SQLITE_DONE) {
    util::Error error = SqliteError(db.get(), "cannot snapshot " + source + " into " + target);
    ::unlink(target.c_str());
    return error;
  }
  return util::OkStatus();
}

util::Result<int> ReadSchemaVersion(const std::string& path) {
  CAIRN_ASSIGN_OR_RETURN(ConnectionPtr db, OpenReadOnly(path));
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db.get(), "PRAGMA user_version", -1, &raw, nullptr) != SQLITE_OK) {
    return SqliteError(db.get(), "cannot read " + path);
  }
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> statement(raw, sqlite3_finalize);
  if (sqlite3_step(raw) != SQLITE_ROW) return SqliteError(db.get(), "cannot read " + path);
  return sqlite3_column_int(raw, 0);
}

util::Status CheckDatabaseIntegrity(const std::string& path) {
  CAIRN_ASSIGN_OR_RETURN(ConnectionPtr db, OpenReadOnly(path));
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db.get(), "PRAGMA integrity_check(20)", -1, &raw, nullptr) != SQLITE_OK) {
    return SqliteError(db.get(), "cannot check " + path);
  }
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> statement(raw, sqlite3_finalize);
  std::string problems;
  int stepped = SQLITE_ROW;
  while ((stepped = sqlite3_step(raw)) == SQLITE_ROW) {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(raw, 0));
    const std::string line = text ? text : "";
    if (line == "ok") continue;
    problems += (problems.empty() ? "" : "; ") + line;
  }
  if (stepped != SQLITE_DONE) return SqliteError(db.get(), "cannot check " + path);
  if (!problems.empty()) {
    return util::Error::InvalidArgument("the database fails its integrity check: " + problems);
  }
  return util::OkStatus();
}

}  // namespace cairn::storage
