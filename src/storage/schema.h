// The embedded schema.sql and the schema version this build writes.
#pragma once

#include <vector>

namespace cairn::storage {

// Contents of schema.sql, compiled into the binary.
extern const char* const kSchemaSql;

// Bump together with a migration step whenever schema.sql changes.
inline constexpr int kSchemaVersion = 4;

// One step from version `to_version - 1` to `to_version`, run in its own transaction.
struct Migration {
  int to_version;
  const char* sql;
};

// Every step from version 1 upward, in order; the last one reaches kSchemaVersion.
const std::vector<Migration>& Migrations();

}  // namespace cairn::storage
