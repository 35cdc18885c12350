// Conversion between SQLite rows and JSON records of the record model.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "records/collection.h"
#include "storage/database.h"

namespace cairn::records {

using Json = nlohmann::json;

// The SELECT list that yields every field of `collection` for rows aliased `alias`, in
// declaration order, each aliased to its field name.
std::string SelectList(const CollectionSpec& collection, std::string_view alias);

// Turns one row selected with SelectList into a record: typed field values plus collectionId and
// collectionName.
Json RowToRecord(const CollectionSpec& collection, const std::vector<storage::SqlValue>& row);

// Converts a validated field value to the value stored in its column.
storage::SqlValue ToColumnValue(const FieldSpec& field, const Json& value);

// The empty value of a field: "", 0, false, [] or null.
Json ZeroValue(const FieldSpec& field);

}  // namespace cairn::records
