// The syntax of Meilisearch's filter expressions: filter text to a tree of conditions, which
// search_filter.cpp checks against the filterable attributes and compiles to SQL.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/sql_value.h"
#include "util/result.h"

namespace cairn::services::search::filter_internal {

// An attribute name or a value as written, without its quotes and with escaped quotes unescaped.
struct Word {
  std::string text;
  bool quoted = false;
  size_t column = 0;  // 1-based, in characters from the start of the filter string
};

enum class Operator {
  kEqual,           // attr = v
  kNotEqual,        // attr != v
  kGreater,         // attr > v
  kGreaterOrEqual,  // attr >= v
  kLess,            // attr < v
  kLessOrEqual,     // attr <= v
  kBetween,         // attr low TO high
  kIn,              // attr IN [v, ...]
  kNotIn,           // attr NOT IN [v, ...]
  kExists,          // attr EXISTS
  kNotExists,       // attr NOT EXISTS
  kIsNull,          // attr IS NULL
  kIsNotNull,       // attr IS NOT NULL
  kIsEmpty,         // attr IS EMPTY
  kIsNotEmpty,      // attr IS NOT EMPTY
};

// How the operator is written, for messages: "`>=`", "`IS NOT EMPTY`".
std::string_view OperatorName(Operator op);

struct Node {
  enum class Kind { kAnd, kOr, kNot, kCondition, kGeoRadius, kGeoBoundingBox };
  Kind kind = Kind::kCondition;
  size_t column = 0;           // of the node's first token
  std::vector<Node> children;  // kAnd, kOr: two or more, never of their own kind; kNot: one
  Word attribute;              // kCondition
  Operator op = Operator::kEqual;
  std::vector<Word> values;  // kCondition: none, one, two (kBetween) or the list (kIn, kNotIn)
  // kGeoRadius: latitude, longitude, meters. kGeoBoundingBox: top latitude, right longitude,
  // bottom latitude, left longitude. Already checked: finite, in range, radius > 0, top >= bottom.
  std::array<double, 4> geo = {0, 0, 0, 0};
};

// Conditions counted across the strings of one array filter, for kMaxSearchFilterConditions.
struct ParseBudget {
  size_t conditions = 0;
};

// Parses one non-blank filter string. `where` names it in error messages ("" for a lone string,
// "filter[1][0]" for an item of an array filter). Redundant parentheses leave no trace, and
// `a AND (b AND c)` becomes one kAnd of three. On a syntax error, a malformed or out-of-range
// geo argument, nesting deeper than kMaxSearchFilterDepth or the budget's conditions passing
// kMaxSearchFilterConditions
// returns InvalidFilter at the offending token (past the end when the filter stops short).
util::Result<Node> ParseFilterString(std::string_view text, std::string_view where,
                                     ParseBudget& budget);

// The error of any bad filter: InvalidArgument "Invalid filter at column 17: <what>" (with
// " of filter[1][0]" after the column for an item of an array filter; without "at column ..."
// when `column` is 0), carrying the facts code "invalid_search_filter", type "invalid_request"
// and link, as Meilisearch's error body has them.
util::Error InvalidFilter(std::string_view where, size_t column, std::string_view what);

// `text` between backticks for a message, cut to 40 characters.
std::string Quoted(std::string_view text);

// A number as Meilisearch reads one: an integer when it is one and fits in 64 bits, else a finite
// double. nullopt for anything else ("abc", "1e999", "nan", "0x10", "").
std::optional<storage::SqlValue> ParseNumber(std::string_view text);

}  // namespace cairn::services::search::filter_internal
