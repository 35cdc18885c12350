// Opening a data.db written by another cairn version: reading its version without touching it,
// the backup taken before an upgrade, and the upgrade itself as one transaction.
#pragma once

#include <string>

#include "util/result.h"

namespace cairn::storage {

class Connection;

// The schema version (PRAGMA user_version) stored in the header of the database file at `path`,
// read with plain file reads so that nothing (no -wal, no -shm, no checkpoint) is written: 0 for a
// missing or empty file. Internal when the file exists but is not an SQLite database. A version
// set by a transaction still in the write-ahead log is not seen; Database::Open asks SQLite too.
util::Result<int> SchemaVersionInFileHeader(const std::string& path);

// The message for a file of a newer schema than this build knows: both version numbers, that
// nothing was changed, and what the owner can do.
std::string NewerSchemaMessage(const std::string& path, int version, int supported);

// Writes a consistent copy of the database `connection` has open (VACUUM INTO) to
// `backup_dir`/pre-upgrade-v<from>-to-v<to>-<UTC time>.db: into a temporary name first, fsynced,
// then renamed and the folder synced, so the name only ever holds a whole copy. Creates
// `backup_dir` when missing. Returns the backup's path. On failure (no room: InsufficientStorage;
// anything else: Internal) no file is left behind. Call it outside any transaction.
util::Result<std::string> BackUpBeforeUpgrade(Connection& connection, const std::string& backup_dir,
                                              int from, int to);

// Runs every migration step after `from` and sets the new version inside one BEGIN IMMEDIATE
// transaction, so a failure, a crash or a SIGKILL at any point leaves the file at `from`, whole
// and usable. On failure the transaction is rolled back and the error names the failing step.
util::Status MigrateInOneTransaction(Connection& connection, int from);

}  // namespace cairn::storage
