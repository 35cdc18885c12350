// The filter language of Meilisearch's search API (the `filter` of `POST /indexes/{index}/search`)
// compiled to parameterised SQLite SQL over the attributes an index declares filterable.
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "storage/sql_value.h"
#include "util/result.h"

namespace cairn::services::search {

// Limits that keep a hostile filter from exhausting the server; each is an error, never a crash.
inline constexpr size_t kMaxSearchFilterLength = 20000;     // characters, over all its strings
inline constexpr size_t kMaxSearchFilterConditions = 1000;  // comparisons and geo functions
inline constexpr int kMaxSearchFilterDepth = 64;  // levels of `(` and `NOT`, counted together

// The `code` fact every filter error carries (Meilisearch's error code for a bad filter).
inline constexpr const char* kInvalidSearchFilterCode = "invalid_search_filter";

enum class AttributeType {
  kNumber,    // compared as numbers; values must read as numbers ("5", '5', -1.5e3)
  kText,      // compared as text, exactly (BINARY collation: `=` is case-sensitive)
  kBool,      // 1/0; values true/false in any case, or 1/0
  kTextList,  // a JSON array of strings (or NULL), matched element by element with json_each
};

struct FilterAttribute {
  std::string name;  // as the client writes it, e.g. "distance"
  AttributeType type = AttributeType::kText;
  // The SQL expression it compiles to, e.g. "t.distance". Trusted: chosen by the caller, never
  // from the request. A kTextList expression must yield NULL or valid JSON.
  std::string sql;
  // The values of the `?`s in `sql` (the caller's id in "completed"), bound wherever it is used.
  storage::SqlParams params;
};

// What the geo functions compile to; the caller decides (the trails index matches any part of a
// track). Each must return a boolean SQL expression (1, 0 or NULL) with its values as `?`
// parameters. An empty function makes its geo filter an error (`_geo` is not filterable there).
// Arguments arrive checked: latitudes in [-90, 90], longitudes in [-180, 180], meters > 0 and
// finite, top_lat >= bottom_lat. right_lng < left_lng is a box across the antimeridian.
struct GeoCompiler {
  std::function<storage::SqlFragment(double lat, double lng, double meters)> radius;
  std::function<storage::SqlFragment(double top_lat, double right_lng, double bottom_lat,
                                     double left_lng)>
      box;
};

// Compiles a search request's `filter` into a SQL boolean expression that needs no parentheses
// around it (parenthesised, or "1" when there is no filter) whose values are all `?` parameters,
// matching what Meilisearch would match:
// - `filter` is null, a string (one expression; "" or blanks is no filter) or an array whose
//   items are ANDed: a string item is an expression, an array item ORs its strings.
// - Expressions: `a = v`, `!=`, `>`, `>=`, `<`, `<=`, `a low TO high` (inclusive), `a IN [v, ...]`,
//   `a NOT IN [...]`, `a EXISTS`, `a NOT EXISTS`, `a IS [NOT] NULL`, `a IS [NOT] EMPTY`,
//   `NOT e`, `e AND e`, `e OR e` (AND binds tighter), parentheses, `_geoRadius(lat, lng, m)`,
//   `_geoBoundingBox([top lat, right lng], [bottom lat, left lng])`. Keywords are upper case, as
//   in Meilisearch; values are words, numbers, or 'single'/"double" quoted with `\'`/`\"`.
// - A document matches `!=`, `NOT IN` and `NOT e` whenever it does not match the positive form,
//   including when the attribute is NULL. kTextList: `tags = v` means some element equals v,
//   `!=` that none does, `IN` that some element is listed; `IS EMPTY` means `[]`. EXISTS and
//   IS NOT NULL both mean NOT NULL. Numbers and booleans are never EMPTY.
// - Text `=` is exact and case-sensitive. (Meilisearch folds case for `=` and `!=`; the reference
//   client sends values it read from the data, so exact matching finds what it asks for.)
// - `>`, `>=`, `<`, `<=` and TO are errors on kBool attributes; on kText they compare as text.
// SQLite 3.40's parser has a fixed stack, so the fragment is shaped to nest little: AND/OR chains
// are grouped eight at a time and the most nested operand of a chain comes first. Every filter
// accepted here parses inside `SELECT ... WHERE <condition> AND <fragment>` with ten more levels
// of parentheses around it (the tests check the deepest shapes); a filter that would nest more
// is refused with an error rather than left to fail in SQLite.
// Errors: InvalidArgument whose message names the 1-based column (in characters) and, for an
// array item, which one ("Invalid filter at column 17 of filter[1][0]: expected a value after
// `>=`"), and whose `facts` hold code "invalid_search_filter", type "invalid_request" and a
// link, for syntax errors, attributes not in `filterable` ("attribute `x` is not filterable.
// Available filterable attributes are: ..."), values of the wrong type, bad geo arguments, more
// than kMaxSearchFilterLength characters, kMaxSearchFilterConditions conditions or
// kMaxSearchFilterDepth levels, and a `filter` of another JSON type. Pure; thread-safe as long as
// the GeoCompiler's functions are.
util::Result<storage::SqlFragment> CompileSearchFilter(
    const nlohmann::json& filter, const std::vector<FilterAttribute>& filterable,
    const GeoCompiler& geo);

}  // namespace cairn::services::search
