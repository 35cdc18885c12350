// The embedded schema.sql and the schema version this build writes.
#pragma once

namespace cairn::storage {

// Contents of schema.sql, compiled into the binary.
extern const char* const kSchemaSql;

// Bump together with a migration step whenever schema.sql changes.
inline constexpr int kSchemaVersion = 1;

}  // namespace cairn::storage
