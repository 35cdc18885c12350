// A consistent copy of a database file that a running server is writing, and the checks a copy
// must pass before anyone trusts it. Files only: no Database object, no writer connection.
#pragma once

#include <string>

#include "util/result.h"

namespace cairn::storage {

// Writes a consistent snapshot of the database `source` to `target` (which must not exist) with
// VACUUM INTO on a read-only connection: one read transaction, so the copy is the database as
// of one commit, while the server keeps writing (WAL lets a reader run beside the writer). Takes
// no lock but SQLite's own read lock. The copy is compact and in rollback-journal mode. NotFound
// when `source` does not exist; Internal (InsufficientStorage for a full disk) otherwise, with
// `target` removed.
util::Status SnapshotDatabase(const std::string& source, const std::string& target);

// PRAGMA user_version of the database file at `path`, opened read-only. InvalidArgument when it
// is not a SQLite database.
util::Result<int> ReadSchemaVersion(const std::string& path);

// Opens `path` read-only and runs PRAGMA integrity_check. InvalidArgument naming the first
// problems when the file is not a database or the check finds any.
util::Status CheckDatabaseIntegrity(const std::string& path);

}  // namespace cairn::storage
