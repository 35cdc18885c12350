// PocketBase's filter and sort languages compiled to parameterised SQLite SQL.
#pragma once

#include <string_view>

#include "records/collection.h"
#include "records/visibility.h"
#include "storage/sql_value.h"
#include "util/result.h"

namespace cairn::records {

// Limits that keep a hostile filter from exhausting the server.
inline constexpr size_t kMaxFilterLength = 3500;
inline constexpr size_t kMaxFilterExpressions = 200;
inline constexpr size_t kMaxSortExpressions = 8;
inline constexpr size_t kMaxRelationDepth = 6;

// Compiles `filter` over rows of `collection` aliased `alias` into a SQL boolean expression whose
// user-supplied literals are all `?` parameters. Relation paths (`author.username`, `trails.name`,
// back-relations `comments_via_trail.text`) become subqueries that also apply
// `visibility.ViewCondition` to every traversed collection. An empty filter compiles to "1".
// On a syntax error, an unknown or private field, or exceeded limits returns InvalidArgument with
// a message naming the problem.
util::Result<storage::SqlFragment> CompileFilter(std::string_view filter,
                                                 const CollectionSpec& collection,
                                                 const CollectionRegistry& registry,
                                                 std::string_view alias,
                                                 const Visibility& visibility);

// Compiles `sort` ("-a,b,+c", "@random") into the body of an ORDER BY clause (without the
// keywords). Fields may be direct fields or single-relation paths; multi-valued fields are
// rejected. An empty sort yields "". Errors as for CompileFilter.
util::Result<storage::SqlFragment> CompileSort(std::string_view sort,
                                               const CollectionSpec& collection,
                                               const CollectionRegistry& registry,
                                               std::string_view alias,
                                               const Visibility& visibility);

}  // namespace cairn::records
