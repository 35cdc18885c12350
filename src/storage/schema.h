// The embedded schema.sql and the schema version this build writes.
#pragma once

#include <vector>

#include "util/result.h"

namespace cairn::storage {

class Connection;

// Contents of schema.sql, compiled into the binary.
extern const char* const kSchemaSql;


// One step from version `to_version - 1` to `to_version`, run in its own transaction: `sql`, then
// `fill` (when set) for data that SQL alone cannot compute, e.g. a column derived by the geo code.
// A failing `fill` rolls the whole step back and the file is not opened.
struct Migration {
  int to_version;
  const char* sql;
  util::Status (*fill)(Connection& connection) = nullptr;
};

// Every step from version 1 upward, in order. A change to schema.sql comes with one more step.
const std::vector<Migration>& Migrations();

// The schema version this build writes: the last migration's, so adding a step is all it takes.
int CurrentSchemaVersion();

}  // namespace cairn::storage
