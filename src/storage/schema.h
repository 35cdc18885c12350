// The embedded schema.sql and the schema version this build writes.
#pragma once

#include <vector>

#include "util/result.h"

namespace cairn::storage {

class Connection;

// Contents of schema.sql, compiled into the binary.
extern const char* const kSchemaSql;

// Bump together with a migration step whenever schema.sql changes.
inline constexpr int kSchemaVersion = 6;

// One step from version `to_version - 1` to `to_version`, run in its own transaction: `sql`, then
// `fill` (when set) for data that SQL alone cannot compute, e.g. a column derived by the geo code.
// A failing `fill` rolls the whole step back and the file is not opened.
struct Migration {
  int to_version;
  const char* sql;
  util::Status (*fill)(Connection& connection) = nullptr;
};

// Every step from version 1 upward, in order; the last one reaches kSchemaVersion.
const std::vector<Migration>& Migrations();

}  // namespace cairn::storage
