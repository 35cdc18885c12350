// Conversion between SQLite rows and JSON records of the record model.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "records/collection.h"
#include "records/visibility.h"
#include "storage/database.h"

namespace cairn::records {

using Json = nlohmann::json;

// The SQL value of `field` for the row aliased `alias`, as seen through `visibility`: multi-valued
// relations and derived id lists (a trail's waypoints) keep only the ids of records the caller may
// see, in their stored order, so a record never reveals what its reader cannot open.
storage::SqlFragment VisibleFieldExpression(const CollectionSpec& collection,
                                            const FieldSpec& field, std::string_view alias,
                                            const CollectionRegistry& registry,
                                            const Visibility& visibility);

// The SELECT list that yields every field of `collection` for rows aliased `alias`, in
// declaration order, each aliased to its field name, filtered as VisibleFieldExpression does.
// Its params come first in a statement that uses it.
// With `wanted`, only the fields it names are read (still in declaration order): the others are
// not in the list at all, which spares derived lists and long text a caller will not read.
storage::SqlFragment SelectList(const CollectionSpec& collection, std::string_view alias,
                                const CollectionRegistry& registry, const Visibility& visibility,
                                const std::vector<std::string>* wanted = nullptr);

// For each field of `collection`, whether `wanted` (as SelectList has it) names it: worked out
// once for a page, not per row.
std::vector<bool> FieldsRead(const CollectionSpec& collection,
                             const std::vector<std::string>& wanted);

// Turns one row selected with SelectList into a record: typed field values plus collectionId and
// collectionName. With `read` (FieldsRead of SelectList's `wanted`), the row holds only those
// fields and the record has only them: a caller that names fields keeps only those. Columns past
// the fields are not read.
Json RowToRecord(const CollectionSpec& collection, const std::vector<storage::SqlValue>& row,
                 const std::vector<bool>* read = nullptr);

// Converts a validated field value to the value stored in its column.
storage::SqlValue ToColumnValue(const FieldSpec& field, const Json& value);

// The empty value of a field: "", 0, false, [] or null.
Json ZeroValue(const FieldSpec& field);

}  // namespace cairn::records
