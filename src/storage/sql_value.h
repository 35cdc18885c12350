// The value type that crosses the storage boundary: NULL, integer, real or text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace cairn::storage {

using SqlValue = std::variant<std::monostate, int64_t, double, std::string>;
using SqlParams = std::vector<SqlValue>;

// A numeric column's value as a double: 0 for NULL or text.
inline double AsNumber(const SqlValue& value) {
  if (const auto* d = std::get_if<double>(&value)) return *d;
  if (const auto* i = std::get_if<int64_t>(&value)) return static_cast<double>(*i);
  return 0;
}

// A text column's value: "" for NULL or a number.
inline std::string AsText(const SqlValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  return text ? *text : std::string();
}

// A piece of SQL with its `?` placeholders' values, in order. Never holds user text inline.
struct SqlFragment {
  std::string sql;
  SqlParams params;
};

// `<column> IN (...)` over `ids` with a single parameter holding them as a JSON array, so any
// number of ids fits in one statement (SQLite caps the number of `?`s) and the statement text, and
// thus its cached preparation, does not change with the count. An empty list matches nothing.
SqlFragment IdIn(std::string_view column, const std::vector<std::string>& ids);

}  // namespace cairn::storage
